/**
 * Spec §8 code 3 on the wallet (and the BTC screen): "Go To Login?" with
 * Confirm (→ /login, then back) and Cancel. With JavaScript a dialog opens by
 * itself; the section below it is what a browser without JavaScript gets (and
 * what stays on the page after Cancel).
 */
import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MESSAGES } from "../../../contract/fields";
import { ButtonLink, ConfirmDialog } from "~/components/ui";

export function LoginPrompt({
  loginHref,
  cancelHref = "/home",
  text,
  autoOpen = true,
  open: controlledOpen,
  onClose,
  section = true,
}: {
  loginHref: string;
  cancelHref?: string;
  /** One line under the question. */
  text: string;
  /** Open the dialog as soon as the page is hydrated. */
  autoOpen?: boolean;
  /** Controlled dialog (e.g. opened by a submit button). */
  open?: boolean;
  onClose?: () => void;
  /** Render the no-JavaScript section too. Default true. */
  section?: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (hydrated && autoOpen) setOpen(true);
  }, [hydrated, autoOpen]);
  const isOpen = controlledOpen ?? open;
  const close = () => {
    setOpen(false);
    onClose?.();
  };
  return (
    <>
      {section ? (
      <section
        aria-labelledby="login-prompt-title"
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
        data-testid="login-prompt"
      >
        <h2 id="login-prompt-title" className="text-lg font-semibold text-gray-900">
          {MESSAGES.goToLogin}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{text}</p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to={cancelHref} variant="secondary">
            Cancel
          </ButtonLink>
          <ButtonLink to={loginHref}>Confirm</ButtonLink>
        </div>
      </section>
      ) : null}
      <ConfirmDialog open={isOpen} onClose={close} title={MESSAGES.goToLogin} description={text} onConfirm={() => navigate(loginHref)} />
    </>
  );
}
