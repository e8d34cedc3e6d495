/**
 * The kit's <Form>: Remix's Form plus, when it posts, the session's CSRF token as
 * a hidden field (services/kit/csrf.ts), so a post without Origin and Referer
 * still proves it came from our page, with or without JavaScript. Every form of
 * the web tier is this one (or renders <CsrfField /> itself, as a plain <form> must).
 *
 * A posting form is also pending from the moment it submits until the navigation
 * it started settles: a second submit (double click, Enter again) does nothing,
 * the form says aria-busy, and every submit <Button> inside it is disabled, the
 * one pressed with its spinner (FormPending). Without JavaScript the browser's own
 * navigation does this. Forms whose button passes `busy` itself keep working as before.
 */
import { Form as RemixForm, useNavigation, type FormProps } from "@remix-run/react";
import { createContext, forwardRef, useContext, useEffect, useRef, useState, type FormEvent } from "react";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { CSRF_FIELD } from "~/services/kit/csrf";

/** The hidden token field; nothing outside the main layout (no token there). */
export function CsrfField() {
  const token = useMainLayoutData()?.csrf;
  return token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null;
}

/** The enclosing kit Form's submission: pending, and the element that submitted it (null: Enter or script). */
export interface FormPendingState {
  pending: boolean;
  submitter: Element | null;
}
const FormPending = createContext<FormPendingState>({ pending: false, submitter: null });
export const useFormPending = () => useContext(FormPending);

/**
 * If a submission never shows as a navigation (a document reload, a fetcher form), the
 * form frees itself after this long rather than staying blocked.
 */
const UNSEEN_SUBMIT_MS = 1_000;
/** The name of the submitter conform's validation intents use (@conform-to/dom). */
const CONFORM_INTENT = "__intent__";

/** Pending from submit until the navigation it started is idle again; refuses a second submit meanwhile. */
function useSubmitOnce(onSubmit: FormProps["onSubmit"]) {
  const busy = useNavigation().state !== "idle";
  const [pending, setPending] = useState<FormPendingState>({ pending: false, submitter: null });
  // Refs, not state: a second submit can arrive before React has rendered the first.
  const sent = useRef(false);
  const sawBusy = useRef(false);

  useEffect(() => {
    if (!pending.pending) return;
    const settle = () => {
      sent.current = false;
      sawBusy.current = false;
      setPending({ pending: false, submitter: null });
    };
    if (busy) {
      sawBusy.current = true;
      return;
    }
    if (sawBusy.current) return settle();
    const timer = setTimeout(settle, UNSEEN_SUBMIT_MS);
    return () => clearTimeout(timer);
  }, [pending.pending, busy]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (sent.current) {
      // conform checks a field by submitting with a hidden button of its own (named __intent__),
      // never posting: let that check run meanwhile, or a field typed in just then stays unchecked.
      if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT) onSubmit?.(event);
      return event.preventDefault();
    }
    onSubmit?.(event); // client validation (conform) may cancel it: then nothing is pending
    if (event.defaultPrevented) return;
    sent.current = true;
    setPending({ pending: true, submitter: (event.nativeEvent as SubmitEvent).submitter ?? null });
  }
  return { pending, handleSubmit };
}

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, method, onSubmit, ...rest }, ref) {
  const posts = Boolean(method && method.toLowerCase() !== "get");
  const { pending, handleSubmit } = useSubmitOnce(onSubmit);
  return (
    <RemixForm ref={ref} method={method} onSubmit={posts ? handleSubmit : onSubmit} aria-busy={pending.pending || undefined} {...rest}>
      {posts ? <CsrfField /> : null}
      <FormPending.Provider value={pending}>{children}</FormPending.Provider>
    </RemixForm>
  );
});
