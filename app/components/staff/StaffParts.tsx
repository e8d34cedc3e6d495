/**
 * Small pieces the staff desk's pages share: a form that posts one intent about one row, the
 * refusal shown beside it, a reason field, and the keyset pager ("Older" / "Back to the first page").
 */
import { Link, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { StaffActionError } from "~/services/staff.server";
import { Button, cx, type ButtonVariant } from "~/components/ui";
import { Form } from "~/components/ui/Form";

/** The action's refusal, when it was about this intent and row. */
export function useStaffError(intent: string, id: number | string): string | null {
  const data = useActionData<StaffActionError>();
  return data && data.intent === intent && data.id === String(id) ? data.error : null;
}

export function StaffForm({
  intent,
  id,
  label,
  variant = "primary",
  children,
  className,
}: {
  intent: string;
  id: number | string;
  label: string;
  variant?: ButtonVariant;
  children?: ReactNode;
  className?: string;
}) {
  const error = useStaffError(intent, id);
  const errorId = `${intent}-${id}-error`;
  return (
    <Form method="post" replace preventScrollReset className={cx("flex flex-col gap-2", className)} aria-describedby={error ? errorId : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children}
      <Button type="submit" variant={variant} size="sm" data-testid={`${intent}-${id}`}>
        {label}
      </Button>
      <p id={errorId} role={error ? "alert" : undefined} className="min-h-[1.25rem] text-sm text-money-out-700" data-testid={error ? "staff-error" : undefined}>
        {error ?? ""}
      </p>
    </Form>
  );
}

export function ReasonField({ id, label = "Reason" }: { id: string; label?: string }) {
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm font-medium text-gray-800">
      {label}
      <input id={id} name="reason" required maxLength={200} className="rounded-lg border border-gray-300 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600" />
    </label>
  );
}

export function StaffPager({ path, next, first, query = "" }: { path: string; next: number | null; first: boolean; query?: string }) {
  if (next === null && first) return null;
  const link = "font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
  return (
    <nav aria-label="Pages" className="flex justify-between gap-3 text-sm">
      {first ? <span /> : <Link to={`${path}${query ? `?${query}` : ""}`} className={link}>Back to the first page</Link>}
      {next !== null ? <Link to={`${path}?${query ? `${query}&` : ""}lastId=${next}`} className={link}>Next page</Link> : <span className="text-gray-500">No more</span>}
    </nav>
  );
}

/** A white card for one row of a staff list. */
export function StaffItem({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid={testId}>
      {children}
    </li>
  );
}

export function StaffEmpty({ text }: { text: string }) {
  return <p className="rounded-xl bg-white p-4 text-sm text-gray-600 ring-1 ring-gray-200">{text}</p>;
}
