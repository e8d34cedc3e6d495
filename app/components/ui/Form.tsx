/**
 * The kit's <Form>: Remix's Form plus, when it posts, the session's CSRF token as
 * a hidden field (services/kit/csrf.ts), so a post without Origin and Referer
 * still proves it came from our page, with or without JavaScript. Every form of
 * the web tier is this one (or renders <CsrfField /> itself, as a plain <form> must).
 */
import { Form as RemixForm, type FormProps } from "@remix-run/react";
import { forwardRef } from "react";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { CSRF_FIELD } from "~/services/kit/csrf";

/** The hidden token field; nothing outside the main layout (no token there). */
export function CsrfField() {
  const token = useMainLayoutData()?.csrf;
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, method, ...rest }, ref) {
  const posts = Boolean(method && method.toLowerCase() !== "get");
  return (
    <RemixForm ref={ref} method={method} {...rest}>
      {posts ? <CsrfField /> : null}
      {children}
    </RemixForm>
  );
});
