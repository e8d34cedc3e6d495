/** "Get help with this order": opens /support with a new ticket about it filled in (ADR 0078). */
import { Link } from "@remix-run/react";

export function GetHelpLink({ kind, id }: { kind: "order" | "withdrawal"; id: number }) {
  return (
    <p className="text-sm">
      <Link to={`/support?new=1&kind=${kind}&ref=${id}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" data-testid="get-help">
        Get help with this {kind}
      </Link>
    </p>
  );
}
