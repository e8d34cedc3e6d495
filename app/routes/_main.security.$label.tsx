/**
 * /security/{label}: security settings (spec §2). The tab bar lists every tab
 * (links); only bankAccount is built here, the others say "Coming soon".
 *
 * bankAccount: the user's bank accounts (/userPayment/getPaymentList) as a grid
 * of cards; add and edit (/userPayment/addPayment, updatePayment, banks from
 * getPaymentType) in dialogs or ?edit= sections; delete (removePayment) after
 * a confirmation, with the toast 'Removed !'. Guests (and code 3) see the page
 * with the Add button disabled (spec §6).
 */
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PaymentType, UserPayment } from "../../contract/entities";
import { MESSAGES } from "../../contract/fields";
import { Tabs } from "~/components/ui";
import { BankAccountsTab, DELETE_INTENT, type BankActionData } from "~/components/wallet/BankAccountsTab";
import { SAVE_INTENT } from "~/components/wallet/BankAccountForm";
import { bankAccountSchema } from "~/services/forms/wallet";
import { DEFAULT_SECURITY_LABEL, SECURITY_TABS, isSecurityLabel } from "~/components/identity/security-tabs";
import { optionalApi, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { loginUrl } from "~/session.server";
import { readForm } from "~/services/kit/form.server";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

const NO_STORE = { "Cache-Control": "private, no-store" };
const BANK_PATH = "/security/bankAccount";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const label = params.label;
  if (!isSecurityLabel(label)) throw redirect(`/security/${DEFAULT_SECURITY_LABEL}`);
  const base = { label, guest: false, list: [] as UserPayment[], types: [] as PaymentType[], error: null as string | null, loginHref: loginUrl(request) };
  if (label !== "bankAccount") return json(base, { headers: NO_STORE });

  // Guests see the page with Add disabled (spec §6); a stale sign-in is dropped and the page shown as a guest's.
  const api = await optionalApi(request, context);
  if (!api.signedIn) return json({ ...base, guest: true }, { headers: NO_STORE });
  const [payments, types] = await Promise.all([api.call("/userPayment/getPaymentList"), api.call("/userPayment/getPaymentType")]);
  return json(
    {
      ...base,
      list: payments.ok ? payments.data.paymentList : [],
      types: types.ok ? types.data.paymentType : [],
      error: !payments.ok ? payments.msg : !types.ok ? types.msg : null,
    },
    { headers: NO_STORE },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${SECURITY_TABS.find((t) => t.label === data?.label)?.title ?? "Security"} | GiftMarket` },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (params.label !== "bankAccount") throw new Response("Not found", { status: 404 });
  const api = await requireApi(request, context);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const done = (text: string) => redirectWithToast(api.session, BANK_PATH, text);
  const fail = (data: BankActionData) => json(data, { headers: NO_STORE });

  if (intent === DELETE_INTENT) {
    const id = Number(formData.get("id"));
    if (!Number.isSafeInteger(id) || id <= 0) return fail({ formId: null, result: null, error: "Request error" });
    const r = await api.call("/userPayment/removePayment", { userPayment: { id } });
    if (!r.ok) return fail({ formId: null, result: null, error: r.msg });
    return done(MESSAGES.removed);
  }

  if (intent === SAVE_INTENT) {
    const formId = String(formData.get("formId") ?? "");
    const submission = parseWithZod(formData, { schema: bankAccountSchema });
    if (submission.status !== "success") return fail({ formId, result: submission.reply(), error: null });
    const v = submission.value;
    const userPayment = { realname: v.realname, accountNumber: v.accountNumber, remark: v.remark };
    const r = v.id
      ? await api.call("/userPayment/updatePayment", { paymentId: v.paymentId, userPayment: { ...userPayment, id: v.id } })
      : await api.call("/userPayment/addPayment", { paymentId: v.paymentId, userPayment });
    if (!r.ok) return fail({ formId, result: submission.reply({ formErrors: [r.msg] }), error: null });
    return done(MESSAGES.success);
  }

  return fail({ formId: null, result: null, error: "Request error" });
}

export default function SecurityPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BankActionData | undefined;
  const current = SECURITY_TABS.find((t) => t.label === data.label)!;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Security</h1>
      <Tabs
        label="Security settings"
        // Seven tabs: on a phone they wrap, so the current one is always in sight (also without JavaScript).
        className="[&_ul]:flex-wrap [&_a]:px-2.5 sm:[&_a]:px-3"
        tabs={SECURITY_TABS.map((t) => ({ key: t.label, to: `/security/${t.label}`, label: t.title, current: t.label === data.label }))}
      />
      {data.label === "bankAccount" ? (
        <>
          {data.error ? (
            <p role="alert" className="text-sm font-medium text-money-out-700">
              {data.error}
            </p>
          ) : null}
          <BankAccountsTab
            guest={data.guest}
            list={data.list as UserPayment[]}
            types={data.types as PaymentType[]}
            loginHref={data.loginHref}
            actionData={actionData}
          />
        </>
      ) : (
        <section aria-labelledby="soon-title" className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
          <h2 id="soon-title" className="text-lg font-semibold text-gray-900">
            {current.title}
          </h2>
          <p className="mt-1 text-sm text-gray-600">Coming soon.</p>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
