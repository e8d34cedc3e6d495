/**
 * /forgot: reset the login password with a FORGET code sent to the e-mail or
 * mobile (?tab=mobile). Success → 'Success' and /login. Whether an account
 * exists is not told: the code call answers alike, and the reset answers
 * whatever the server says.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { AuthCard, ContactFields, DefaultSubmit, FormError, fieldProps, useSubmitting } from "~/components/auth/AuthForm";
import { SendCodeButton, SendCodeNote, useCooldownUntil } from "~/components/auth/SendCodeButton";
import { useContactValidator } from "~/components/auth/useContactValidator";
import { Button, Field, Tabs } from "~/components/ui";
import { apiFor } from "~/services/api.server";
import {
  DEFAULT_INTER_CODE,
  HIDDEN_FIELDS,
  INPUT_LIMITS,
  LoginType,
  SEND_CODE_INTENT,
  VerificationCodeType,
  forgotSchema,
  tabType,
} from "~/services/forms/auth";
import { SUCCESS, loadCountries, redirectSignedIn, sendCodeAction, sessionHeaders } from "~/services/forms/auth.server";
import { codeCooldownLeft } from "~/services/forms/send-code.server";
import type { SendCodeOutcome } from "~/services/forms/send-code";
import { flashToast } from "~/session.server";
import { joinPhone } from "../../contract/fields";

export const meta: MetaFunction = () => [{ title: "Forgot Password — GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  redirectSignedIn(api);
  return json({
    countries: await loadCountries(api),
    cooldown: codeCooldownLeft(api.session, VerificationCodeType.Forget),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const api = await apiFor(request, context);
  if (formData.get("intent") === SEND_CODE_INTENT) return sendCodeAction(api, formData, VerificationCodeType.Forget);

  const submission = parseWithZod(formData, { schema: forgotSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields: HIDDEN_FIELDS }), sendCode: null });
  }
  const v = submission.value;
  const result = await api.call("/userAuth/resetPassword", {
    ...(v.type === LoginType.Mobile ? { phone: joinPhone(v.interCode, v.mobile) } : { email: v.email }),
    code: v.code,
    loginPwd: v.loginPwd,
  });
  if (!result.ok) {
    return json({ result: submission.reply({ formErrors: [result.msg], hideFields: HIDDEN_FIELDS }), sendCode: null });
  }
  flashToast(api.session, SUCCESS);
  return redirect(v.type === LoginType.Mobile ? "/login?tab=mobile" : "/login", { headers: await sessionHeaders(api) });
}

export default function ForgotPage() {
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <ForgotForm key={type} type={type} />;
}

function ForgotForm({ type }: { type: LoginType }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useSubmitting();
  const [form, fields] = useForm({
    id: `forgot-${type}`,
    lastResult: actionData?.result,
    defaultValue: { type, interCode: DEFAULT_INTER_CODE },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [sent, setSent] = useState<SendCodeOutcome | null>(null);
  const outcome = sent ?? actionData?.sendCode ?? null;
  const until = useCooldownUntil(data.cooldown);
  const validateContact = useContactValidator(form, type);

  return (
    <AuthCard
      title="Forgot Password"
      footer={
        <>
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Sign In
          </Link>
        </>
      }
    >
      <Tabs
        label="Reset with"
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
          key={fields.loginPwd.key}
          {...fieldProps(fields.loginPwd)}
          label="New Password"
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
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" name="intent" value="submit" fullWidth size="lg" busy={submitting}>
          Reset Password
        </Button>
      </Form>
    </AuthCard>
  );
}
