/**
 * /security/tradePassword (the default tab): set or change the 6-digit trade password that
 * withdrawals and binding ask for (docs/product/screens.md, docs/product/validation.md). An intro, then (?step=form) where the TRADE_PWD
 * code goes (the bound e-mail or the bound mobile), the code with its 60 s "Send code", and the
 * new trade password twice (/userAuth/updateTradePassword).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { LoginType, VerificationCodeType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { must, redirectWithToast, requireApi, sessionHeaders } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { SEND_CODE_INTENT, SUBMIT_INTENT } from "~/services/forms/auth";
import { codeCooldownLeft, sendVerificationCode } from "~/services/forms/send-code.server";
import { TRADE_PASSWORD_FIELDS } from "~/services/forms/security";
import { parseWithZod, tradeCodeTargetSchema, tradePasswordSchema } from "~/services/forms/schemas.server";
import { maskEmail, maskPhone } from "~/services/layout/contacts";
import { AuthFormFrame } from "~/components/auth/AuthForm";
import { CodeField } from "~/components/auth/CodeField";
import { ErrorLine, fieldProps } from "~/components/ui/FormParts";
import { Field } from "~/components/ui";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { SecurityCard, SecurityIntro, onFormStep } from "~/components/identity/SecurityStep";
import { FORM_STEP, securityTitle } from "~/components/identity/security-tabs";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const HERE = "/security/tradePassword";

export const meta: MetaFunction = () => [{ title: securityTitle("tradePassword") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const { profile, account } = must(await api.call("/userInfo/getProfileInfo"));
  const targets = [
    ...(account.email ? [{ type: LoginType.Email, label: `E-mail ${maskEmail(account.email)}` }] : []),
    ...(account.mobile ? [{ type: LoginType.Mobile, label: `Mobile ${maskPhone(account.mobile)}` }] : []),
  ];
  return json({ isSet: profile.tradepwdFlag === 1, targets, cooldown: codeCooldownLeft(api.session, VerificationCodeType.TradePwd) }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  return dispatchIntent(form, {
    [SEND_CODE_INTENT]: async () => {
      const target = parseWithZod(form, { schema: tradeCodeTargetSchema });
      if (target.status !== "success") return json({ result: target.reply({ hideFields: TRADE_PASSWORD_FIELDS }), sendCode: null });
      const sendCode = await sendVerificationCode(api, VerificationCodeType.TradePwd, { bound: target.value.type });
      return json({ result: target.reply({ hideFields: TRADE_PASSWORD_FIELDS }), sendCode }, { headers: sendCode.ok ? await sessionHeaders(api) : undefined });
    },
    [SUBMIT_INTENT]: async () => {
      const submission = parseWithZod(form, { schema: tradePasswordSchema });
      if (submission.status !== "success") return json({ result: submission.reply({ hideFields: TRADE_PASSWORD_FIELDS }), sendCode: null });
      const { type, code, tradePwd } = submission.value;
      const r = await api.call("/userAuth/updateTradePassword", { type, code, tradePwd });
      if (!r.ok) return json({ result: submission.reply({ formErrors: [r.msg], hideFields: TRADE_PASSWORD_FIELDS }), sendCode: null });
      return redirectWithToast(api.session, HERE, MESSAGES.success);
    },
  });
}

export default function TradePasswordTab() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  if (!actionData && !onFormStep(params))
    return (
      <SecurityIntro
        title="Trade Password"
        label="tradePassword"
        points={[
          data.isSet ? "Your trade password is set. You can change it here." : "You have no trade password yet. Set one to protect your withdrawals.",
          "Selling coins, binding a mobile or an e-mail, and showing a card code without JavaScript ask for it. Too many wrong ones in a row lock all three for a while.",
          "6 numbers. A code sent to your e-mail or mobile confirms it is you.",
        ]}
      />
    );
  return <TradePasswordForm />;
}

function TradePasswordForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm("trade-password", () => import("~/services/forms/security.schema").then((m) => m.tradePasswordSchema), actionData ?? undefined, { type: data.targets[0]?.type });
  const chosen = typeof fields.type.initialValue === "string" ? fields.type.initialValue : data.targets[0]?.type;
  return (
    <SecurityCard title={data.isSet ? "Change Trade Password" : "Set Trade Password"}>
      <AuthFormFrame form={form} submitLabel="Confirm" action={`${HERE}?step=${FORM_STEP}`}>
        <fieldset className="mb-3" aria-describedby={fields.type.errorId}>
          <legend className="mb-1 text-sm font-medium text-gray-900">Send the code to</legend>
          {data.targets.map((t) => (
            <label key={t.type} className="flex min-h-10 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.type.name} value={t.type} defaultChecked={chosen === t.type} className="h-4 w-4" />
              {t.label}
            </label>
          ))}
          <ErrorLine id={fields.type.errorId} errors={fields.type.errors} />
        </fieldset>
        <CodeField field={fields.code} form={form} cooldown={data.cooldown} sendCode={actionData?.sendCode} />
        <Field key={fields.tradePwd.key} {...fieldProps(fields.tradePwd)} label="Trade Password" type="password" inputMode="numeric" autoComplete="new-password" maxLength={6} />
        <Field key={fields.confirmTradePwd.key} {...fieldProps(fields.confirmTradePwd)} label="Confirm Trade Password" type="password" inputMode="numeric" autoComplete="new-password" maxLength={6} />
      </AuthFormFrame>
    </SecurityCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to set your trade password." />;
}
