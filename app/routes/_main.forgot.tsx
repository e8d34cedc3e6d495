/**
 * /forgot: reset the login password with a FORGET code sent to the e-mail or
 * mobile (?tab=mobile). Success → 'Success' and /login. Whether an account
 * exists is not told: the code call answers alike, and the reset answers
 * whatever the server says. Islands-only (ADR 0067): the code field is the code-field island, and
 * the form is checked by the server, as with JavaScript off.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useAuthForm } from "~/components/auth/AuthForm";
import { ContactCodeCard } from "~/components/auth/ContactCodePasswordFields";
import { LoginType, VerificationCodeType, tabType } from "~/services/forms/auth";
import { contactForApi, forgotSchema } from "~/services/forms/schemas.server";
import { codeFormAction, codeFormLoaderData } from "~/services/forms/auth.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

export const handle: IslandsHandle = { islands: ["code-field"] };

export const meta: MetaFunction = () => [{ title: "Forgot Password — GiftMarket" }];

export async function loader(args: LoaderFunctionArgs) {
  return json(await codeFormLoaderData(args, VerificationCodeType.Forget));
}

export async function action(args: ActionFunctionArgs) {
  return codeFormAction(args, VerificationCodeType.Forget, forgotSchema, (api, v) =>
    api.call("/userAuth/resetPassword", { ...contactForApi(v), code: v.code, loginPwd: v.loginPwd }),
  );
}

export default function ForgotPage() {
  const [params] = useSearchParams();
  const type = tabType(params.get("tab"));
  return <ForgotForm key={type} type={type} />;
}

function ForgotForm({ type }: { type: LoginType }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAuthForm(`forgot-${type}`, () => import("~/services/forms/auth.schema").then((m) => m.forgotSchema), actionData, { type });
  return <ContactCodeCard kind="forgot" form={form} fields={fields} type={type} data={data} sendCode={actionData?.sendCode} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
