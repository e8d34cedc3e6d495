/**
 * Pieces shared by the sign-in, registration and password-reset screens:
 * the card around the form, the e-mail / mobile contact fields, the form-level
 * error line, the hidden default submit button and the busy state.
 */
import type { ReactNode } from "react";
import { useNavigation } from "@remix-run/react";
import { Field, SelectField } from "~/components/ui";
import { DEFAULT_INTER_CODE, LoginType, SEND_CODE_INTENT } from "~/services/forms/auth";

/** What a conform field gives us (FieldMetadata, structurally). */
export interface ConformField {
  id: string;
  name: string;
  key?: string;
  initialValue?: unknown;
  errors?: string[];
}

/** Props for a ui <Field>/<SelectField> from a conform field (set `key={f.key}` yourself). */
export function fieldProps(f: ConformField) {
  return {
    id: f.id,
    name: f.name,
    defaultValue: typeof f.initialValue === "string" ? f.initialValue : undefined,
    error: f.errors,
  };
}

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

/** The form's own error (a server message): a reserved line above the submit button. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const message = errors?.find(Boolean);
  return (
    <p id={id} role="alert" className="mb-2 min-h-5 text-sm font-medium leading-5 text-money-out-700">
      {message ?? ""}
    </p>
  );
}

/**
 * An invisible first submit button: Enter in any field "clicks" the first
 * submit button of the form, which must be the real submit and not "Send code".
 */
export function DefaultSubmit() {
  return <button type="submit" name="intent" value="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />;
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
        <Field
          key={email.key}
          {...fieldProps(email)}
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
        <Field
          key={mobile.key}
          {...fieldProps(mobile)}
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
