/**
 * /login (also /Login: routes match case-insensitively). Tabs Email Login and
 * Mobile Login are links (?tab=mobile), so they work without JavaScript.
 * Success: token and profile snapshot into the session, the arrival channel
 * remarked, a 'Success' toast, then back to ?redirectTo (same-site) or /home. An
 * account with two-factor on goes on to /login/twoFactor for its code first (ADR 0057).
 * Islands-only (ADR 0067): the form posts as without JavaScript, and the server's answer puts its
 * messages at the fields; the touches script adds the pending button and the focus on the error.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard, AuthFooter, AuthFormFrame, ContactFields, ContactTabs, PasswordField, useAuthForm } from "~/components/auth/AuthForm";
import { apiFor } from "~/services/kit/caller.server";
import { LoginType, tabType } from "~/services/forms/auth";
import { parseWithZod, loginName, loginSchema } from "~/services/forms/schemas.server";
import { askForCode, formReply, loadCountries, redirectSignedIn, signedInRedirect, startSession } from "~/services/forms/auth.server";
import { safeRedirect } from "~/session.server";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Sign In — GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  redirectSignedIn(api);
  return json({ countries: await loadCountries(api) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return json({ result: formReply(submission) });

  const v = submission.value;
  const api = await apiFor(request, context);
  const failed = (msg: string) => json({ result: formReply(submission, msg) });

  const login = await api.call("/userAuth/login", { loginName: loginName(v), loginPwd: v.loginPwd, type: v.type });
  if (!login.ok) return failed(login.msg);
  // Two-factor on (ADR 0057): the code comes next, on its own page.
  if ("twoFactor" in login.data) return askForCode(api, { ...login.data.twoFactor, redirectTo: v.redirectTo ?? null });
  const failure = await startSession(api, login.data.token);
  if (failure) return failed(failure);
  return signedInRedirect(api, safeRedirect(v.redirectTo));
}

export default function LoginPage() {
  const { countries } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <LoginForm key={type} type={type} countries={countries} redirectTo={params.get("redirectTo")} />;
}

function LoginForm({
  type,
  countries,
  redirectTo,
}: {
  type: LoginType;
  countries: Array<{ nameEn: string; interCode: string }>;
  redirectTo: string | null;
}) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAuthForm(`login-${type}`, () => import("~/services/forms/auth.schema").then((m) => m.loginSchema), actionData, { type });

  return (
    <AuthCard title="Sign In" footer={<AuthFooter prompt="New here?" to="/register" label="Create Account" />}>
      <ContactTabs
        label="Sign in with"
        type={type}
        emailLabel="Email Login"
        mobileLabel="Mobile Login"
        redirectTo={redirectTo}
      />
      <AuthFormFrame form={form} submitLabel="Sign In">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <ContactFields
          type={type}
          email={fields.email}
          interCode={fields.interCode}
          mobile={fields.mobile}
          countries={countries}
          emailAutoComplete="username"
        />
        <PasswordField field={fields.loginPwd} label="Password" autoComplete="current-password" />
        <div className="-mt-1 mb-2 flex justify-end">
          <Link to="/forgot" className="py-1 text-sm font-medium text-brand-700 underline underline-offset-2">
            Forgot Password?
          </Link>
        </div>
      </AuthFormFrame>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
