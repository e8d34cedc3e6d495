/**
 * Small pieces the staff desk's pages share: a form that posts one intent about one row after a
 * confirmation, the refusal shown beside it, a reason field, and the keyset pager ("Older" / "Back to the first page").
 */
import { Link, useActionData } from "@remix-run/react";
import { createContext, useContext, useState, type ReactNode } from "react";
import type { StaffActionError } from "~/services/staff/staff.server";
import { Button, ConfirmDialog, buttonClasses, cx, type ButtonVariant } from "~/components/ui";
import { CSRF_FIELD } from "~/services/kit/csrf";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";

/** The action's answer about this intent and row: its refusal, or its question (no JavaScript). */
function useStaffAnswer(intent: string, id: number | string): StaffActionError | null {
  const data = useActionData<StaffActionError>();
  return data && data.intent === intent && data.id === String(id) ? data : null;
}

/** What was typed into the form a refusal answered: its fields show it again (ReasonField, StaffTextField). */
const TypedBefore = createContext<Record<string, string> | null>(null);

/** The question a staff form asks before it posts (docs/product/look.md: every decision that moves money or ends something). */
export interface StaffQuestion {
  title: string;
  /** What will happen, from what the form holds (a price, a reason). */
  describe?: (fields: Record<string, string>) => string;
  confirmLabel?: string;
}

/**
 * One decision about one row. It asks first: with JavaScript in a dialog when the form is sent
 * (the dialog's Confirm sends it again with confirmed=1); without, the server answers the first
 * post with the question (staff.server.ts runIntent) and this form shows it with Confirm and Cancel.
 */
export function StaffForm({
  intent,
  id,
  label,
  question,
  variant = "primary",
  children,
  className,
}: {
  intent: string;
  id: number | string;
  label: string;
  question: StaffQuestion;
  variant?: ButtonVariant;
  children?: ReactNode;
  className?: string;
}) {
  const answer = useStaffAnswer(intent, id);
  const error = answer?.error || null;
  const errorId = `${intent}-${id}-error`;
  const formId = `${intent}-${id}-form`;
  const [asking, setAsking] = useState<Record<string, string> | null>(null);
  const busy = usePosting(intent, { id: String(id) });
  const tone = variant === "danger" ? "danger" : "primary";

  if (answer?.ask && !asking) {
    return <StaffConfirmSection intent={intent} id={id} question={question} fields={answer.ask} tone={tone} />;
  }
  return (
    <Form
      id={formId}
      method="post"
      replace
      preventScrollReset
      className={cx("flex flex-col gap-2", className)}
      aria-describedby={error ? errorId : undefined}
      onSubmit={(event) => {
        if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "confirmed") return;
        event.preventDefault();
        setAsking(fieldsOf(event.currentTarget));
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <TypedBefore.Provider value={answer?.typed ?? null}>{children}</TypedBefore.Provider>
      <Button type="submit" variant={variant} size="sm" data-testid={`${intent}-${id}`}>
        {label}
      </Button>
      <p id={errorId} role={error ? "alert" : undefined} className="min-h-[1.25rem] text-sm text-money-out-700" data-testid={error ? "staff-error" : undefined}>
        {error ?? ""}
      </p>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={question.title}
        description={asking && question.describe ? question.describe(asking) : undefined}
        confirmLabel={question.confirmLabel}
        tone={tone}
        form={formId}
        name="confirmed"
        value="1"
        busy={busy}
      />
    </Form>
  );
}

/** The typed fields of a staff form (not its intent, id or token), for the question. */
function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string" && !["intent", "id", CSRF_FIELD].includes(k)) fields[k] = v;
  return fields;
}

/** The question without JavaScript: what was typed goes along hidden, with Confirm and Cancel. */
function StaffConfirmSection({ intent, id, question, fields, tone }: { intent: string; id: number | string; question: StaffQuestion; fields: Record<string, string>; tone: "primary" | "danger" }) {
  const titleId = `${intent}-${id}-question`;
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-white p-4 ring-2 ring-brand-600" data-testid={`${intent}-${id}-confirm`}>
      <h3 id={titleId} className="font-semibold text-gray-900">
        {question.title}
      </h3>
      {question.describe ? <p className="mt-1 text-sm text-gray-700">{question.describe(fields)}</p> : null}
      <Form method="post" replace preventScrollReset className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        {Object.entries(fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <Link to="." replace preventScrollReset className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
        <Button type="submit" name="confirmed" value="1" variant={tone}>
          {question.confirmLabel ?? "Confirm"}
        </Button>
      </Form>
    </section>
  );
}

/** A required one-line text of a staff form, showing again what was typed when the form was refused. */
export function StaffTextField({ id, name, label, maxLength }: { id: string; name: string; label: string; maxLength: number }) {
  const typed = useContext(TypedBefore);
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm font-medium text-gray-800">
      {label}
      <input
        id={id}
        name={name}
        required
        maxLength={maxLength}
        defaultValue={typed?.[name]}
        className="rounded-lg border border-gray-300 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
    </label>
  );
}

export const ReasonField = ({ id, label = "Reason" }: { id: string; label?: string }) => <StaffTextField id={id} name="reason" label={label} maxLength={200} />;

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
