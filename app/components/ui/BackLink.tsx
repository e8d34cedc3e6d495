/** The "← Orders" link at the top of a page, back to where it belongs. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowLeftIcon } from "./Icon";

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeftIcon className="h-4 w-4" />
      {children}
    </Link>
  );
}
