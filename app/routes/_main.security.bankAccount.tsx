/**
 * /security/bankAccount (a tab of the security layout): the user's bank accounts (/userPayment/getPaymentList) as a grid
 * of cards; add and edit (/userPayment/addPayment, updatePayment, banks from
 * getPaymentType) in dialogs or ?edit= sections, in two steps (ADR 0053): Continue
 * looks the account up (resolveAccount) and shows the bank's name for it, Confirm
 * saves; delete (removePayment) after a confirmation, with the toast 'Removed !'.
 * Guests (and code 3) see the page with the Add button disabled (docs/product/README.md#roles). With two-factor sign-in
 * on, saving and deleting take a current code (ADR 0057).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PaymentType, UserPayment } from "../../contract/entities";
import { MESSAGES } from "../../contract/messages";
import { BankAccountsTab, DELETE_INTENT } from "~/components/wallet/BankAccountsTab";
import { CHECK_INTENT, SAVE_INTENT, type BankActionData } from "~/services/forms/wallet";
import { bankAccountStep } from "~/services/forms/wallet.server";
import { securityTitle } from "~/components/identity/security-tabs";
import { optionalApi, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { loginUrl } from "~/session.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent, REQUEST_ERROR } from "~/services/kit/intents.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { isSecondFactorRefusal } from "../../contract/two-factor";
import { OTP_FIELD } from "~/services/forms/two-factor";
import { needsCode } from "~/services/identity/two-factor.server";

const BANK_PATH = "/security/bankAccount";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const base = { guest: false, list: [] as UserPayment[], types: [] as PaymentType[], error: null as string | null, loginHref: loginUrl(request), needOtp: false };

  // Guests see the page with Add disabled (docs/product/README.md#roles); a stale sign-in is dropped and the page shown as a guest's.
  const api = await optionalApi(request, context);
  if (!api.signedIn) return json({ ...base, guest: true }, { headers: NO_STORE });
  const [payments, types, needOtp] = await Promise.all([api.call("/userPayment/getPaymentList"), api.call("/userPayment/getPaymentType"), needsCode(api)]);
  return json(
    {
      ...base,
      list: payments.ok ? payments.data.paymentList : [],
      types: types.ok ? types.data.paymentType : [],
      error: !payments.ok ? payments.msg : !types.ok ? types.msg : null,
      needOtp,
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction = () => [{ title: securityTitle("bankAccount") }];

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await requireApi(request, context);
  const formData = await readForm(request);
  const done = (text: string) => redirectWithToast(api.session, BANK_PATH, text);
  const answer = (data: BankActionData) => json(data, { headers: NO_STORE });
  const step = async (intent: typeof CHECK_INTENT | typeof SAVE_INTENT) => {
    const r = await bankAccountStep(api, formData, intent);
    return r.saved ? done(MESSAGES.success) : answer(r.data);
  };

  return dispatchIntent(
    formData,
    {
      [DELETE_INTENT]: async () => {
        const id = Number(formData.get("id"));
        if (!Number.isSafeInteger(id) || id <= 0) return answer({ formId: null, result: null, error: REQUEST_ERROR });
        const r = await api.call("/userPayment/removePayment", { userPayment: { id }, otp: String(formData.get(OTP_FIELD) ?? "") || undefined });
        if (!r.ok && isSecondFactorRefusal(r.msg)) return answer({ formId: null, result: null, error: null, deleteRefused: { id, message: r.msg } });
        return r.ok ? done(MESSAGES.removed) : answer({ formId: null, result: null, error: r.msg });
      },
      [CHECK_INTENT]: () => step(CHECK_INTENT),
      [SAVE_INTENT]: () => step(SAVE_INTENT),
    },
    NO_STORE,
  );
}

export default function BankAccountPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BankActionData | undefined;
  return (
    <>
      {data.error ? (
        <p role="alert" className="text-sm font-medium text-money-out-700">
          {data.error}
        </p>
      ) : null}
      <BankAccountsTab guest={data.guest} list={data.list as UserPayment[]} types={data.types as PaymentType[]} loginHref={data.loginHref} needOtp={data.needOtp} actionData={actionData} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
