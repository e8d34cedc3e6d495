/**
 * /login/twoFactor: the sign-in's second step (ADR 0057). The password step of an account with
 * two-factor on left its challenge in a short-lived cookie (services/identity/sign-in-challenge.server.ts);
 * here the code from the authenticator app (or, through ?recovery=1, a recovery code) completes
 * the sign-in, and only then is the session written. A challenge that ran out (five minutes), or
 * none at all, asks for the password again.
 * Islands-only (ADR 0067), as /login: the code posts as without JavaScript, and a refused one comes
 * back as the page with its message, the field empty (the server never sends a code back).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard, AuthFormFrame } from "~/components/auth/AuthForm";
import { ButtonLink } from "~/components/ui";
import { SecondFactorInput } from "~/components/identity/OtpField";
import { fieldProps } from "~/components/ui/FormParts";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { apiFor } from "~/services/kit/caller.server";
import { redirectSignedIn, signedInRedirect, startSession } from "~/services/forms/auth.server";
import { parseWithZod, signInCodeSchema } from "~/services/forms/schemas.server";
import { TWO_FACTOR_HIDDEN_FIELDS, TWO_FACTOR_MESSAGES, refusalAt } from "~/services/forms/two-factor";
import { readForm } from "~/services/kit/form.server";
import { forgetSignIn, pendingSignIn } from "~/services/identity/sign-in-challenge.server";
import { safeRedirect } from "~/session.server";
import type { IslandsHandle } from "~/services/layout/islands";

export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Two-Factor Sign-In — GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectSignedIn(await apiFor(request, context));
  return json({ waiting: Boolean(await pendingSignIn(request)) }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const api = await apiFor(request, context);
  const pending = await pendingSignIn(request);
  const expired = async () => json({ result: null, expired: true }, { headers: { ...NO_STORE, "Set-Cookie": await forgetSignIn() } });
  if (!pending) return expired();

  const submission = parseWithZod(formData, { schema: signInCodeSchema });
  const reply = (opts: Parameters<typeof submission.reply>[0] = {}) => json({ result: submission.reply({ ...opts, hideFields: TWO_FACTOR_HIDDEN_FIELDS }), expired: false }, { headers: NO_STORE });
  if (submission.status !== "success") return reply();
  const r = await api.call("/twoFactor/signIn", { challenge: pending.challenge, code: submission.value.code });
  if (!r.ok) return r.msg === TWO_FACTOR_MESSAGES.challengeExpired ? expired() : reply(refusalAt(r.msg, "code"));

  const failure = await startSession(api, r.data.token);
  if (failure) return reply({ formErrors: [failure] });
  return signedInRedirect(api, safeRedirect(pending.redirectTo), { "Set-Cookie": await forgetSignIn() });
}

export default function SignInCodePage() {
  const { waiting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  if (!waiting || actionData?.expired) {
    return (
      <AuthCard title="Two-Factor Sign-In">
        <p role="alert" className="mb-4 text-sm text-gray-700">
          {TWO_FACTOR_MESSAGES.challengeExpired}
        </p>
        <ButtonLink to="/login" fullWidth size="lg">
          Sign In
        </ButtonLink>
      </AuthCard>
    );
  }
  const recovery = params.get("recovery") === "1";
  return <CodeForm key={String(recovery)} recovery={recovery} />;
}

function CodeForm({ recovery }: { recovery: boolean }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm("sign-in-code", () => import("~/services/forms/two-factor.schema").then((m) => m.signInCodeSchema), actionData ?? undefined);
  const here = `/login/twoFactor${recovery ? "?recovery=1" : ""}`;
  return (
    <AuthCard
      title="Two-Factor Sign-In"
      footer={
        <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
          Sign in with another account
        </Link>
      }
    >
      <p className="mb-3 text-sm text-gray-700">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each one works once."
          : "Open your authenticator app and enter the 6-digit code it shows for GiftMarket."}
      </p>
      <AuthFormFrame form={form} submitLabel="Verify" action={here}>
        <SecondFactorInput
          key={fields.code.key}
          {...fieldProps(fields.code)}
          answer={actionData}
          label={recovery ? "Recovery code" : "Authentication code"}
          inputMode={recovery ? "text" : "numeric"}
          placeholder={recovery ? "abcde-fghij" : "6 digits"}
          autoFocus
        />
      </AuthFormFrame>
      <p className="mt-3 text-center text-sm">
        <Link to={recovery ? "/login/twoFactor" : "/login/twoFactor?recovery=1"} replace data-replace="" className="py-1 font-medium text-brand-700 underline underline-offset-2">
          {recovery ? "Use the code from your authenticator app" : "Lost your phone? Use a recovery code"}
        </Link>
      </p>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
