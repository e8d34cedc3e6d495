/**
 * The block that registration and password reset share: the contact (e-mail,
 * or calling code + mobile), the verification code with its "Send code"
 * button and note, then the new password twice. Whatever else a form asks
 * between the code and the passwords (the nickname) goes in `beforePassword`.
 */
import type { ReactNode } from "react";
import type { LoginType } from "~/services/forms/auth";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import type { FormMetadata } from "@conform-to/react";
import { AuthCard, AuthFooter, AuthFormFrame, ContactFields, ContactTabs, PasswordField, type Country } from "./AuthForm";
import type { ConformField } from "~/components/ui/FormParts";
import { CodeField } from "./CodeField";
import { useContactValidator } from "./useContactValidator";

export interface ContactCodePasswordFieldsProps {
  /** The conform form (its validate intent checks the contact before a send). */
  form: Parameters<typeof useContactValidator>[0];
  type: LoginType;
  fields: Record<"email" | "interCode" | "mobile" | "code" | "loginPwd" | "confirmPwd", ConformField>;
  countries: readonly Country[];
  /** The loader's seconds left before another code may be sent. */
  cooldown: number;
  /** The action's answer to a "Send code" post without JavaScript. */
  sendCode: SendCodeOutcome | null | undefined;
  /** "Password" or "New Password". */
  passwordLabel: string;
  beforePassword?: ReactNode;
}

export function ContactCodePasswordFields({
  form,
  type,
  fields,
  countries,
  cooldown,
  sendCode,
  passwordLabel,
  beforePassword,
}: ContactCodePasswordFieldsProps) {
  const validateContact = useContactValidator(form, type);

  return (
    <>
      <ContactFields type={type} email={fields.email} interCode={fields.interCode} mobile={fields.mobile} countries={countries} />
      <CodeField field={fields.code} form={form} cooldown={cooldown} sendCode={sendCode} validate={validateContact} />
      {beforePassword}
      <PasswordField field={fields.loginPwd} label={passwordLabel} autoComplete="new-password" />
      <PasswordField field={fields.confirmPwd} label="Confirm Password" autoComplete="new-password" />
    </>
  );
}

const CARDS = {
  register: { title: "Create Account", prompt: "Already have an account?", tabsLabel: "Register with", submitLabel: "Sign Up", passwordLabel: "Password" },
  forgot: { title: "Forgot Password", prompt: "Remembered it?", tabsLabel: "Reset with", submitLabel: "Reset Password", passwordLabel: "New Password" },
} as const;

/** A whole code-form page (register, forgot): the card, the e-mail / mobile tabs, and the form with the shared block, then `after`. */
export function ContactCodeCard<Schema extends Record<string, any>>({
  kind,
  form,
  data,
  after,
  ...block
}: Omit<ContactCodePasswordFieldsProps, "form" | "countries" | "cooldown" | "passwordLabel"> & {
  kind: keyof typeof CARDS;
  form: FormMetadata<Schema, string[]>;
  /** The loader's countries and code cooldown. */
  data: { countries: readonly Country[]; cooldown: number };
  after?: ReactNode;
}) {
  const card = CARDS[kind];
  return (
    <AuthCard title={card.title} footer={<AuthFooter prompt={card.prompt} to="/login" label="Sign In" />}>
      <ContactTabs label={card.tabsLabel} type={block.type} />
      <AuthFormFrame form={form} submitLabel={card.submitLabel}>
        <ContactCodePasswordFields form={form} countries={data.countries} cooldown={data.cooldown} passwordLabel={card.passwordLabel} {...block} />
        {after}
      </AuthFormFrame>
    </AuthCard>
  );
}
