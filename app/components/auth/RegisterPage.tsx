/**
 * The registration screen, rendered by /register and by /register/{inviteCode}
 * (the invitation code then comes prefilled and read-only). Loader data comes
 * from the /register route (the parent of both); action data from the route
 * that renders this (each of the two has the same action).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useState } from "react";
import { Button, Field, Tabs } from "~/components/ui";
import { DEFAULT_INTER_CODE, INPUT_LIMITS, LoginType, SEND_CODE_INTENT, registerSchema, tabType } from "~/services/forms/auth";
import type { RegisterAction, RegisterLoader } from "~/services/forms/auth.server";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import { AuthCard, ContactFields, DefaultSubmit, FormError, fieldProps, useSubmitting } from "./AuthForm";
import { SendCodeButton, SendCodeNote, useCooldownUntil } from "./SendCodeButton";
import { useContactValidator } from "./useContactValidator";

export const REGISTER_ROUTE_ID = "routes/_main.register";

export function RegisterPage() {
  const data = useRouteLoaderData(REGISTER_ROUTE_ID) as SerializeFrom<RegisterLoader>;
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <RegisterForm key={type} type={type} data={data} />;
}

function RegisterForm({ type, data }: { type: LoginType; data: SerializeFrom<RegisterLoader> }) {
  const actionData = useActionData<RegisterAction>();
  const submitting = useSubmitting();
  const urlInviteCode = data.inviteCode;
  const [form, fields] = useForm({
    id: `register-${type}`,
    lastResult: actionData?.result,
    defaultValue: { type, interCode: DEFAULT_INTER_CODE, inviteCode: urlInviteCode ?? undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [sent, setSent] = useState<SendCodeOutcome | null>(null);
  const outcome = sent ?? actionData?.sendCode ?? null;
  const until = useCooldownUntil(data.cooldown);
  const validateContact = useContactValidator(form, type);

  return (
    <AuthCard
      title="Create Account"
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Sign In
          </Link>
        </>
      }
    >
      <Tabs
        label="Register with"
        fill
        replace
        className="mb-4"
        tabs={[
          { key: "email", to: { search: "" }, label: "Email", current: type === LoginType.Email },
          { key: "mobile", to: { search: "?tab=mobile" }, label: "Mobile", current: type === LoginType.Mobile },
        ]}
      />
      <Form method="post" {...getFormProps(form)} noValidate aria-describedby={form.errors ? form.errorId : undefined}>
        <DefaultSubmit />
        <ContactFields type={type} email={fields.email} interCode={fields.interCode} mobile={fields.mobile} countries={data.countries} />
        <Field
          key={fields.code.key}
          {...fieldProps(fields.code)}
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={INPUT_LIMITS.code}
          placeholder="6 digits"
          hint={outcome ? <SendCodeNote outcome={outcome} /> : undefined}
          trailing={
            <SendCodeButton intent={SEND_CODE_INTENT} disabledUntil={until} validate={validateContact} onResult={setSent} />
          }
        />
        <Field
          key={fields.nickname.key}
          {...fieldProps(fields.nickname)}
          label="Nickname"
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
        />
        <Field
          key={fields.loginPwd.key}
          {...fieldProps(fields.loginPwd)}
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={INPUT_LIMITS.password}
        />
        <Field
          key={fields.confirmPwd.key}
          {...fieldProps(fields.confirmPwd)}
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          maxLength={INPUT_LIMITS.password}
        />
        <Field
          key={fields.inviteCode.key}
          {...fieldProps(fields.inviteCode)}
          {...(urlInviteCode ? { defaultValue: urlInviteCode, readOnly: true } : null)}
          label="Invitation Code (optional)"
          hint={urlInviteCode ? "From your invitation link." : undefined}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={INPUT_LIMITS.inviteCode}
          inputClassName="read-only:bg-gray-100 read-only:text-gray-700"
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" name="intent" value="submit" fullWidth size="lg" busy={submitting}>
          Sign Up
        </Button>
      </Form>
    </AuthCard>
  );
}
