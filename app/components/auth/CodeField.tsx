/**
 * The verification-code field with its "Send code" button (60 s countdown) and note: one for
 * registration, password reset and the security tabs. The button posts the surrounding form with
 * intent "send-code" (a fetcher with JavaScript, the form itself without); the action answers
 * `sendCode` (services/forms/send-code.server.ts). On an islands-only page (ADR 0067) the field
 * is the code-field island, which posts with fetch and checks nothing before (the server does).
 */
import { useMatches } from "@remix-run/react";
import { useState } from "react";
import { Island } from "~/islands/Island";
import CodeFieldIsland from "~/islands/code-field.island";
import { useIslandsOnly } from "~/services/layout/document-head";
import { SEND_CODE_INTENT } from "~/services/forms/auth";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import type { ConformField } from "~/components/ui/FormParts";
import { SendCodeButton, useCooldownUntil } from "./SendCodeButton";
import { CodeFieldFrame } from "./send-code-control";

export interface CodeFieldProps {
  field: ConformField;
  /** The form's update, to clear an earlier code error once a code is on its way. */
  form: { update(options: { name: string; validated: boolean }): void };
  /** The loader's seconds left before another code may be sent. */
  cooldown: number;
  /** The action's answer to a "Send code" post without JavaScript. */
  sendCode: SendCodeOutcome | null | undefined;
  /** With JavaScript, before a send: check what the code goes to; false stops it. */
  validate?: (form: HTMLFormElement) => boolean;
}

export function CodeField(props: CodeFieldProps) {
  const route = useMatches().at(-1)?.id ?? "";
  if (useIslandsOnly()) {
    const { id, name, key, initialValue, errors } = props.field;
    return (
      <Island
        name="code-field"
        component={CodeFieldIsland}
        props={{ field: { id, name, key, initialValue, errors }, cooldown: props.cooldown, sendCode: props.sendCode ?? null, route }}
      />
    );
  }
  return <HydratedCodeField {...props} />;
}

function HydratedCodeField({ field, form, cooldown, sendCode, validate }: CodeFieldProps) {
  const [sent, setSent] = useState<SendCodeOutcome | null>(null);
  const until = useCooldownUntil(cooldown);
  return (
    <CodeFieldFrame
      field={field}
      outcome={sent ?? sendCode ?? null}
      trailing={
        <SendCodeButton
          intent={SEND_CODE_INTENT}
          disabledUntil={until}
          validate={validate}
          onResult={(o) => {
            setSent(o);
            // A code is on its way: an earlier "Please enter a valid code." no longer applies.
            if (o.ok) form.update({ name: field.name, validated: false });
          }}
        />
      }
    />
  );
}
