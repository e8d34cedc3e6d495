/**
 * /security/loginPassword: change the password one signs in with (docs/product/screens.md, docs/product/validation.md). An intro, then
 * (?step=form) the old password and the new one twice. /userAuth/updatePassword ends every other
 * session of the user and keeps this one (ADR 0058, amending 0017), so this device stays signed in
 * and the others are told why on their next page. With two-factor on (ADR 0057) the change takes a
 * current code.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { MESSAGES } from "../../contract/messages";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { PASSWORD_FIELDS } from "~/services/forms/security";
import { parseWithZod, loginPasswordSchema } from "~/services/forms/schemas.server";
import { AuthFormFrame, PasswordField } from "~/components/auth/AuthForm";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard, SecurityIntro, onFormStep } from "~/components/identity/SecurityStep";
import { FORM_STEP, securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { OtpField } from "~/components/identity/OtpField";
import { TWO_FACTOR_HIDDEN_FIELDS, refusalAt } from "~/services/forms/two-factor";
import { needsCode } from "~/services/identity/two-factor.server";

const HERE = "/security/loginPassword";

export const meta: MetaFunction = () => [{ title: securityTitle("loginPassword") }];

const HIDDEN = [...PASSWORD_FIELDS, ...TWO_FACTOR_HIDDEN_FIELDS];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  return json({ needOtp: await needsCode(api) }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const submission = parseWithZod(form, { schema: loginPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }) });
  const { oldPassword, newPassword, otp } = submission.value;
  const changed = await api.call("/userAuth/updatePassword", { oldPassword, newPassword, otp });
  if (!changed.ok) return json({ result: submission.reply({ ...refusalAt(changed.msg), hideFields: HIDDEN }) });
  return redirectWithToast(api.session, HERE, MESSAGES.success);
}

export default function LoginPasswordTab() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  if (!actionData && !onFormStep(params))
    return (
      <SecurityIntro
        title="Login Password"
        label="loginPassword"
        points={[
          "Change the password you sign in with: your current one, then the new one twice.",
          "6 to 16 letters and numbers.",
          "Every other device signed in to your account is signed out and must sign in with the new password.",
        ]}
      />
    );
  return <LoginPasswordForm />;
}

function LoginPasswordForm() {
  const { needOtp } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm("login-password", () => import("~/services/forms/security.schema").then((m) => m.loginPasswordSchema), actionData ?? undefined);
  return (
    <SecurityCard title="Change Login Password">
      <AuthFormFrame form={form} submitLabel="Confirm" action={`${HERE}?step=${FORM_STEP}`}>
        <PasswordField field={fields.oldPassword} label="Old Password" autoComplete="current-password" />
        <PasswordField field={fields.newPassword} label="New Password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPwd} label="Confirm New Password" autoComplete="new-password" />
        {needOtp ? <OtpField key={fields.otp.key} id={fields.otp.id} error={fields.otp.errors} answer={actionData} /> : null}
      </AuthFormFrame>
    </SecurityCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to change your login password." />;
}
