/**
 * /security/loginPassword: change the password one signs in with (spec §2, §5). An intro, then
 * (?step=form) the old password and the new one twice. /userAuth/updatePassword ends every session
 * of the user; this device signs straight in again with the new password, so only the others are
 * signed out, and they are told why on their next page (docs/decisions/0017-signed-out-why.md).
 * With two-factor on (ADR 0057) the change takes a current code, and signing this device in again
 * takes the next one (/login/twoFactor).
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { MESSAGES } from "../../contract/messages";
import { LoginType } from "../../contract/enums";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { clearSignIn } from "~/session.server";
import { PASSWORD_FIELDS } from "~/services/forms/security";
import { parseWithZod, loginPasswordSchema } from "~/services/forms/schemas.server";
import { AuthFormFrame, PasswordField } from "~/components/auth/AuthForm";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard, SecurityIntro, onFormStep } from "~/components/identity/SecurityStep";
import { FORM_STEP, securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { OtpField } from "~/components/identity/OtpField";
import { askForCode } from "~/services/forms/auth.server";
import { TWO_FACTOR_HIDDEN_FIELDS, refusalAt } from "~/services/forms/two-factor";
import { needsCode } from "~/services/two-factor.server";

const HERE = "/security/loginPassword";
export const PASSWORD_CHANGED_SIGN_IN = "Your login password was changed. Please sign in with the new one.";

export const meta: MetaFunction = () => [{ title: securityTitle("loginPassword") }];

const HIDDEN = [...PASSWORD_FIELDS, ...TWO_FACTOR_HIDDEN_FIELDS];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  return json({ needOtp: await needsCode(api) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const submission = parseWithZod(form, { schema: loginPasswordSchema });
  if (submission.status !== "success") return json({ result: submission.reply({ hideFields: HIDDEN }) });
  const failed = (msg: string) => json({ result: submission.reply({ ...refusalAt(msg), hideFields: HIDDEN }) });

  const info = await api.call("/userInfo/getProfileInfo");
  if (!info.ok) return failed(info.msg);
  const { email, mobile } = info.data.account;
  const { oldPassword, newPassword, otp } = submission.value;
  const changed = await api.call("/userAuth/updatePassword", { oldPassword, newPassword, otp });
  if (!changed.ok) return failed(changed.msg);

  // The change ended every session, this one too: sign this device in again with the new password.
  const login = await api.call("/userAuth/login", email ? { loginName: email, loginPwd: newPassword, type: LoginType.Email } : { loginName: mobile ?? "", loginPwd: newPassword, type: LoginType.Mobile });
  if (!login.ok) return redirect(`/login?redirectTo=${encodeURIComponent(HERE)}`, { headers: { "Set-Cookie": await clearSignIn(request, PASSWORD_CHANGED_SIGN_IN) } });
  // With two-factor on, the new sign-in takes the next code (the one just typed is used up).
  if ("twoFactor" in login.data) return askForCode(api, { ...login.data.twoFactor, redirectTo: HERE, reason: "passwordChanged" }, await clearSignIn(request));
  api.session.set("token", login.data.token);
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
        <PasswordField key={fields.oldPassword.key} field={fields.oldPassword} label="Old Password" autoComplete="current-password" />
        <PasswordField key={fields.newPassword.key} field={fields.newPassword} label="New Password" autoComplete="new-password" />
        <PasswordField key={fields.confirmPwd.key} field={fields.confirmPwd} label="Confirm New Password" autoComplete="new-password" />
        {needOtp ? <OtpField key={fields.otp.key} id={fields.otp.id} error={fields.otp.errors} answer={actionData} /> : null}
      </AuthFormFrame>
    </SecurityCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to change your login password." />;
}
