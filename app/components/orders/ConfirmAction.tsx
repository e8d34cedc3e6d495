/**
 * A button that does something to an order (or a session, a withdrawal) after a confirmation
 * (docs/product/look.md): with JavaScript a ConfirmDialog whose Confirm submits a hidden POST form; without it
 * the button is a link to ?confirm=<intent>, which shows the same question as a section with a
 * POST form and a Cancel link. `fields` go with the post; `confirm` names the question when one
 * page asks it about several things (a row each).
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, ButtonLink, ConfirmDialog, buttonClasses, type ButtonVariant } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";

export interface ConfirmActionProps {
  /** The action's `intent` value, also the `?confirm=` value. */
  intent: string;
  /** The trigger's text. */
  label: string;
  /** The question. */
  title: string;
  description?: string;
  confirmLabel?: string;
  tone?: "primary" | "danger";
  variant?: ButtonVariant;
  /** The page's ?confirm= value. */
  asking: boolean;
  /** Hidden fields posted with the intent (an id). */
  fields?: Record<string, string>;
  /** The ?confirm= value (and the hidden form's id); default `intent`. */
  confirm?: string;
  /** Words for screen readers after the label, saying what it is about. */
  srLabel?: string;
}

function HiddenFields({ fields }: { fields: Record<string, string> | undefined }) {
  return (
    <>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function ConfirmAction({
  intent,
  label,
  title,
  description,
  confirmLabel = "Confirm",
  tone = "primary",
  variant = "primary",
  asking,
  fields,
  confirm = intent,
  srLabel,
}: ConfirmActionProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const busy = usePosting(intent, fields);
  const formId = `${confirm}-form`;

  // Arriving on ?confirm=<confirm> with JavaScript: ask with the dialog.
  useEffect(() => {
    if (hydrated && asking) setOpen(true);
  }, [hydrated, asking]);

  return (
    <>
      <Form id={formId} method="post" preventScrollReset replace className="hidden">
        <input type="hidden" name="intent" value={intent} />
        <HiddenFields fields={fields} />
      </Form>
      <ButtonLink
        to={`?confirm=${confirm}`}
        preventScrollReset
        replace
        variant={variant}
        fullWidth
        aria-disabled={busy || undefined}
        onClick={(e) => {
          if (hydrated) {
            e.preventDefault();
            if (!busy) setOpen(true);
          }
        }}
        data-testid={`${confirm}-button`}
      >
        {label}
        {srLabel ? <span className="sr-only"> {srLabel}</span> : null}
      </ButtonLink>
      {!hydrated && asking ? (
        <section
          aria-labelledby={`${formId}-title`}
          className="col-span-full rounded-xl bg-white p-4 shadow-lg ring-2 ring-brand-600"
          data-testid={`${confirm}-confirm`}
        >
          <h2 id={`${formId}-title`} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {description ? <p className="mt-2 text-sm text-gray-700">{description}</p> : null}
          <Form method="post" replace className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <HiddenFields fields={fields} />
            <Link to="." replace preventScrollReset className={buttonClasses({ variant: "secondary" })}>
              Cancel
            </Link>
            <Button type="submit" name="intent" value={intent} variant={tone}>
              {confirmLabel}
            </Button>
          </Form>
        </section>
      ) : null}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        tone={tone}
        form={formId}
        busy={busy}
      />
    </>
  );
}
