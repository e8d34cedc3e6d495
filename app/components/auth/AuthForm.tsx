/**
 * Pieces shared by the sign-in, registration and password-reset screens:
 * the form's conform set-up, the card around the form and the line under it,
 * the e-mail / mobile tabs, the form itself (hidden default submit, error
 * line, busy submit button), the contact fields and the password field.
 */
import type { ReactNode } from "react";
import { getFormProps, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button, SelectField, Tabs } from "~/components/ui";
import { DEFAULT_INTER_CODE, INPUT_LIMITS, LoginType, SEND_CODE_INTENT, SUBMIT_INTENT } from "~/services/forms/auth";
import { Form } from "~/components/ui/Form";
import { FormError, FormField, fieldProps, type ConformField } from "~/components/ui/FormParts";

/** What a conform field gives us (FieldMetadata, structurally). */
/** A centred card with a heading: the page of each auth screen. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md py-2 sm:py-8">
      <div className="rounded-2xl bg-white px-4 pb-5 pt-5 shadow-sm ring-1 ring-gray-200 sm:px-6">
        <h1 className="mb-3 text-xl font-semibold text-gray-900">{title}</h1>
        {children}
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-gray-700">{footer}</div> : null}
    </div>
  );
}

/** The line under the card: "New here? Create Account" (`prompt`, then a link `label` to `to`). */
export function AuthFooter({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <>
      {prompt}{" "}
      <Link to={to} className="font-medium text-brand-700 underline underline-offset-2">
        {label}
      </Link>
    </>
  );
}

/**
 * The conform form of an auth screen: validated in the browser with the schema
 * `loadSchema` resolves with (fetched when the form is first used; on blur,
 * again on input), the action's result shown.
 */
export function useAuthForm<Schema extends z.ZodType<Record<string, any>, z.ZodTypeDef, Record<string, any>>>(
  id: string,
  loadSchema: () => Promise<Schema>,
  actionData: { result?: SubmissionResult<string[]> | null } | undefined,
  defaultValue: DefaultValue<z.input<Schema>> & { type: LoginType },
) {
  // Every auth form starts on Nigeria's calling code (the mobile tab's select).
  return useSchemaForm(id, loadSchema, actionData, { interCode: DEFAULT_INTER_CODE, ...(defaultValue as object) } as DefaultValue<z.input<Schema>>);
}

/** The search part of a tab's link: ?tab=mobile for Mobile, and the redirectTo (sign-in) kept. */
function tabLink(tab: "email" | "mobile", redirectTo: string | null) {
  const search = new URLSearchParams();
  if (tab === "mobile") search.set("tab", "mobile");
  if (redirectTo) search.set("redirectTo", redirectTo);
  const s = search.toString();
  return { search: s ? `?${s}` : "" };
}

/** The Email / Mobile tabs: links (?tab=mobile), so they work without JavaScript. */
export function ContactTabs({
  label,
  type,
  emailLabel = "Email",
  mobileLabel = "Mobile",
  redirectTo = null,
}: {
  /** Accessible name of the tab list ("Sign in with"). */
  label: string;
  type: LoginType;
  emailLabel?: string;
  mobileLabel?: string;
  redirectTo?: string | null;
}) {
  return (
    <Tabs
      label={label}
      fill
      replace
      className="mb-4"
      tabs={[
        { key: "email", to: tabLink("email", redirectTo), label: emailLabel, current: type === LoginType.Email },
        { key: "mobile", to: tabLink("mobile", redirectTo), label: mobileLabel, current: type === LoginType.Mobile },
      ]}
    />
  );
}

/**
 * The posted form of an auth screen: conform's form props, the hidden default
 * submit button first, `children`, the form's own error and the submit button
 * (busy while this form, not a "Send code", is submitted).
 */
export function AuthFormFrame<Schema extends Record<string, any>>({
  form,
  submitLabel,
  action,
  encType,
  submitVariant,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submitLabel: string;
  /** "danger" for a form that takes something away (turning two-factor sign-in off). */
  submitVariant?: "danger";
  /** Where it posts; the current address when absent. */
  action?: string;
  /** multipart/form-data for a form with files. */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const submitting = useSubmitting();
  return (
    <Form method="post" action={action} encType={encType} {...getFormProps(form)} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
      <DefaultSubmit />
      {children}
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" name="intent" value={SUBMIT_INTENT} fullWidth size="lg" busy={submitting} variant={submitVariant}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** A password input bound to its conform field. */
export function PasswordField({
  field,
  label,
  autoComplete,
}: {
  field: ConformField;
  label: string;
  autoComplete: "current-password" | "new-password";
}) {
  return (
    <FormField
      field={field}
      label={label}
      type="password"
      autoComplete={autoComplete}
      maxLength={INPUT_LIMITS.password}
    />
  );
}

/** The form's own error (a server message): a reserved line above the submit button. */
/**
 * An invisible first submit button: Enter in any field "clicks" the first
 * submit button of the form, which must be the real submit and not "Send code".
 */
export function DefaultSubmit() {
  return <button type="submit" name="intent" value={SUBMIT_INTENT} tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/** True while this page's form (not a "Send code" post) is being submitted or its redirect loads. */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") !== SEND_CODE_INTENT
  );
}

export interface Country {
  nameEn: string;
  interCode: string;
}

export interface ContactFieldsProps {
  type: LoginType;
  email: ConformField;
  interCode: ConformField;
  mobile: ConformField;
  countries: readonly Country[];
  /** autocomplete of the e-mail input: "username" at sign-in, "email" elsewhere. */
  emailAutoComplete?: string;
}

/** The hidden `type` and either the e-mail field or the calling code + mobile number. */
export function ContactFields({ type, email, interCode, mobile, countries, emailAutoComplete = "email" }: ContactFieldsProps) {
  if (type === LoginType.Email) {
    return (
      <>
        <input type="hidden" name="type" value={LoginType.Email} />
        <FormField
          field={email}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete={emailAutoComplete}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          placeholder="name@example.com"
        />
      </>
    );
  }
  const code = typeof interCode.initialValue === "string" && interCode.initialValue ? interCode.initialValue : DEFAULT_INTER_CODE;
  const options = countries.some((c) => c.interCode === code)
    ? countries
    : [{ nameEn: code === DEFAULT_INTER_CODE ? "Nigeria" : "Other", interCode: code }, ...countries];
  return (
    <>
      <input type="hidden" name="type" value={LoginType.Mobile} />
      <div className="flex gap-2">
        <SelectField
          key={interCode.key}
          {...fieldProps(interCode)}
          defaultValue={code}
          label="Country code"
          autoComplete="tel-country-code"
          className="w-28 shrink-0"
          options={options.map((c) => ({ value: c.interCode, label: `+${c.interCode} ${c.nameEn}` }))}
        />
        <FormField
          field={mobile}
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={20}
          placeholder="8012345678"
          className="min-w-0 flex-1"
        />
      </div>
    </>
  );
}
