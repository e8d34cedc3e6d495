/**
 * The signed-out answer (docs/product/messages.md#signed-out) on a signed-in page a guest opens: "Go To Login?" with Confirm
 * (→ /login, then back) and Cancel, asked once, as the page's content, with and
 * without JavaScript. (A dialog that opened by itself over this same section
 * asked guests twice: ADR 0061.)
 */
import { useNavigate } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MESSAGES } from "../../../contract/messages";
import { ButtonLink } from "./Button";
import { ConfirmDialog } from "./Dialog";

export function LoginPrompt({
  loginHref,
  cancelHref = "/home",
  text,
}: {
  loginHref: string;
  cancelHref?: string;
  /** One line under the question. */
  text: string;
}) {
  return (
    <section aria-labelledby="login-prompt-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="login-prompt">
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
  );
}

/**
 * The submit button of a form for signed-out visitors (sell card, sell BTC/USDT): a link
 * to /login; with JavaScript it opens "Go To Login?" (with `dialogText` under it) instead.
 */
export function LoginToSubmit({ loginHref, label, hint, dialogText }: { loginHref: string; label: ReactNode; hint: string; dialogText?: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonLink
        to={loginHref}
        size="lg"
        fullWidth
        onClick={(e) => {
          if (hydrated) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </ButtonLink>
      <p className="mt-2 text-center text-sm text-gray-600">{hint}</p>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={MESSAGES.goToLogin} description={dialogText} onConfirm={() => navigate(loginHref)} />
    </>
  );
}
