/**
 * The code-field island (ADR 0067): the verification-code field, its "Send code" with the 60 s
 * countdown and the note, for an islands-only page (/forgot). Rendered on the server by
 * components/auth/CodeField.tsx; hydrated alone. The press posts the form's data with the
 * send-code intent to the same action a Remix fetcher would (`?_data=<route>`), which answers
 * `{ sendCode }`. An answer without it means the contact is wrong: the form is then sent as
 * without JavaScript, and the page comes back with the message at the field (the server checks,
 * as with JavaScript off). A send that does not reach us says so and keeps the page.
 */
import { useState } from "react";
import { CodeFieldFrame, SendCodeControl, useCooldownUntil, useResendCountdown } from "~/components/auth/send-code-control";
import type { ConformField } from "~/components/ui/FormParts";
import { SEND_CODE_INTENT } from "~/services/forms/auth";
import { INTENT_FIELD } from "~/services/kit/intent";
import { SEND_UNREACHED, type SendCodeOutcome } from "~/services/forms/send-code";

export interface CodeFieldIslandProps {
  field: ConformField;
  /** The loader's seconds left before another code may be sent. */
  cooldown: number;
  /** The action's answer to a "Send code" post without JavaScript. */
  sendCode: SendCodeOutcome | null;
  /** The route whose action answers (Remix's `_data`). */
  route: string;
}

/** Where the form's action answers with data: its address with `_data`, as a fetcher asks. */
function dataUrl(form: HTMLFormElement, route: string): string {
  const url = new URL(form.action, document.baseURI);
  url.searchParams.set("_data", route);
  return url.pathname + url.search;
}

/** The form sent as without JavaScript, as a press of the no-JavaScript "Send code" would. */
function sendWithPage(form: HTMLFormElement) {
  const intent = document.createElement("input");
  intent.type = "hidden";
  intent.name = INTENT_FIELD;
  intent.value = SEND_CODE_INTENT;
  form.append(intent);
  form.requestSubmit();
  // The entries were read as it was sent: a page kept in the back/forward cache has no stray intent.
  intent.remove();
}

async function post(form: HTMLFormElement, route: string): Promise<SendCodeOutcome | null> {
  const body = new FormData(form);
  body.set(INTENT_FIELD, SEND_CODE_INTENT);
  const res = await fetch(dataUrl(form, route), { method: "POST", body, credentials: "same-origin" });
  const data = res.ok && res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { sendCode?: SendCodeOutcome | null }) : null;
  return data?.sendCode ?? null;
}

export default function CodeFieldIsland({ field, cooldown, sendCode, route }: CodeFieldIslandProps) {
  const [sent, setSent] = useState<SendCodeOutcome | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState(field.errors);
  const { hydrated, left, answered } = useResendCountdown(useCooldownUntil(cooldown));

  async function send(form: HTMLFormElement) {
    setSending(true);
    let outcome: SendCodeOutcome | null;
    try {
      outcome = await post(form, route);
    } catch {
      outcome = { ok: false, message: SEND_UNREACHED, retryAfter: 0 };
    } finally {
      setSending(false);
    }
    if (!outcome) return sendWithPage(form);
    answered(outcome);
    setSent(outcome);
    // A code is on its way: an earlier "Please enter a valid code." no longer applies.
    if (outcome.ok) setErrors(undefined);
  }

  return (
    <CodeFieldFrame
      field={{ ...field, errors }}
      outcome={sent ?? sendCode}
      // Edited since the server's check: its message no longer applies (as app/touches/field-errors.ts does).
      onInput={() => setErrors(undefined)}
      trailing={<SendCodeControl intent={SEND_CODE_INTENT} hydrated={hydrated} left={left} sending={sending} onSend={(form) => void send(form)} />}
    />
  );
}
