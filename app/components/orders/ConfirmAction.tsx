/**
 * A button that does something to an order after a confirmation (UI.md):
 * with JavaScript a ConfirmDialog whose Confirm submits a hidden POST form;
 * without it the button is a link to ?confirm=<intent>, which shows the same
 * question as a section with a POST form and a Cancel link.
 */
import { Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, ButtonLink, ConfirmDialog, buttonClasses, type ButtonVariant } from "~/components/ui";
import { Form } from "~/components/ui/Form";

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
}

export function ConfirmAction({ intent, label, title, description, confirmLabel = "Confirm", tone = "primary", variant = "primary", asking }: ConfirmActionProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const formId = `${intent}-form`;

  // Arriving on ?confirm=<intent> with JavaScript: ask with the dialog.
  useEffect(() => {
    if (hydrated && asking) setOpen(true);
  }, [hydrated, asking]);

  return (
    <>
      <Form id={formId} method="post" preventScrollReset replace className="hidden">
        <input type="hidden" name="intent" value={intent} />
      </Form>
      <ButtonLink
        to={`?confirm=${intent}`}
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
        data-testid={`${intent}-button`}
      >
        {label}
      </ButtonLink>
      {!hydrated && asking ? (
        <section
          aria-labelledby={`${formId}-title`}
          className="col-span-full rounded-xl bg-white p-4 shadow-lg ring-2 ring-brand-600"
          data-testid={`${intent}-confirm`}
        >
          <h2 id={`${formId}-title`} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {description ? <p className="mt-2 text-sm text-gray-700">{description}</p> : null}
          <Form method="post" replace className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
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
