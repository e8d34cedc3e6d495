/**
 * /sellCoins/{id}: sell coins to one withdrawer (docs/product/screens.md, docs/product/validation.md, docs/product/constants.md).
 *
 * - The withdrawer's rate, limits, remaining balance, the fixed deposit
 *   (20000 coins) and time limit (300 minutes); the user's available balance.
 * - Form: amount in coins (the NGN to receive shown live), the bank account
 *   (from /userPayment/getPaymentList, with a link to add one), the trade
 *   password when one is set (profile tradepwdFlag 1), a remark. The same
 *   schema checks in the browser and in the action (docs/product/validation.md); what
 *   applyWithdraw still refuses shows as the form's error. With two-factor sign-in on, a current
 *   code (ADR 0057); its refusals sit at its field.
 * - The payout is promised (ADR 0050): the withdrawer's quote rides in hidden fields and the
 *   action sends it with the payout the page showed; if the withdrawer changed its rate (or the
 *   quote ran out) nothing is sold, and the page shows the new payout with one button to sell at it.
 * - Success: 'Success' toast and /withdrawDetails/{id}.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { UserPayment, Withdrawer } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { Flag } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import { FormError, FormField, fieldProps } from "~/components/ui/FormParts";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Button, ButtonLink, SelectField, TextAreaField } from "~/components/ui";
import { bankAccountLabel, canReceivePayouts } from "~/components/wallet/bank-account";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { coinUnits, formatPayout } from "~/services/money/wallet";
import { figureOrNull, payoutFor } from "../../contract/money";
import type { Quote } from "../../contract/quote";
import { AskAgainNotice, QuoteFields } from "~/components/ui/AskAgain";
import { askAgainOf, quoteFromForm, shown, type AskAgain } from "~/services/forms/quote.server";
import { WithdrawerSummary } from "~/components/withdrawals/WithdrawerSummary";
import { SELL_COINS_HIDDEN_FIELDS, SELL_COINS_REMARK_MAX, type SellCoinsRules } from "~/services/forms/withdrawals";
import { parseWithZod, sellCoinsSchema } from "~/services/forms/schemas.server";
import { schemaValidation, useOnFirstUse, useValidateBlurred } from "~/components/ui/use-schema-form";
import type { Api } from "~/services/kit/caller.server";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { formatCoins, formatNgn, minorFromInput } from "~/services/money/format";
import { Form } from "~/components/ui/Form";
import { readForm } from "~/services/kit/form.server";
import { BackLink } from "~/components/ui/BackLink";
import { OtpField } from "~/components/identity/OtpField";
import { refusalAt } from "~/services/forms/two-factor";
import { needsCode } from "~/services/identity/two-factor.server";

const NOT_FOUND = "This withdrawer does not exist.";

/** Everything the form's rules depend on, as the backend sees it now. */
async function loadAll(api: Api, id: number) {
  const [detail, balance, payments, profile, needOtp] = await Promise.all([
    api.call("/userWithdraw/getWithdrawerDetail", { id }),
    api.call("/userInfo/getAccountBalance"),
    api.call("/userPayment/getPaymentList"),
    api.call("/userInfo/getProfileInfo"),
    needsCode(api),
  ]);
  if (!detail.ok && (detail.code === Code.NOT_FOUND || detail.code === Code.FORBIDDEN)) throw notFoundResponse(NOT_FOUND);
  const { withdrawer, quote } = must(detail);
  const account = must(balance).account;
  const paymentList = must(payments).paymentList;
  const needTradePwd = must(profile).profile.tradepwdFlag === Flag.Yes;
  const rules: SellCoinsRules = {
    minTrade: withdrawer.minTrade,
    maxTrade: withdrawer.maxTrade,
    remainBalance: withdrawer.remainBalance,
    available: account.amount,
    needTradePwd,
    needOtp,
  };
  return { withdrawer, quote, available: account.amount, paymentList, rules };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  const api = await requireApi(request, context);
  return json(await loadAll(api, id), { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Sell coins to ${data.withdrawer.nickname} | GiftMarket` : "Sell coins | GiftMarket" },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.id, NOT_FOUND);
  const api = await requireApi(request, context);
  const formData = await readForm(request);
  const { rules } = await loadAll(api, id);
  const submission = parseWithZod(formData, { schema: sellCoinsSchema(rules) });
  const reply = (opts: Parameters<typeof submission.reply>[0] = {}, askAgain: AskAgain | null = null) =>
    json({ result: submission.reply({ ...opts, hideFields: SELL_COINS_HIDDEN_FIELDS }), askAgain }, { headers: NO_STORE });
  if (submission.status !== "success") return reply();
  const v = submission.value;
  const result = await api.call("/userWithdraw/applyWithdraw", {
    withdrawerId: id,
    amount: v.amount,
    userPaymentId: v.userPaymentId,
    tradePwd: v.tradePwd,
    remark: v.remark,
    quote: shown(quoteFromForm(formData), (rate) => payoutFor(v.amount, rate)),
    otp: v.otp,
  });
  const askAgain = askAgainOf(result);
  if (askAgain) return reply({ formErrors: [askAgain.message] }, askAgain);
  if (!result.ok) return reply(refusalAt(result.msg));
  return redirectWithToast(api.session, `/withdrawDetails/${result.data.id}`, MESSAGES.success);
}

export default function SellCoinsPage() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  // The rate the page shows is its quote's: a refusal's new one once the seller was asked again.
  const askAgain = useActionData<typeof action>()?.askAgain ?? null;
  const quote = askAgain?.quote ?? data.quote;
  const withdrawer = { ...(data.withdrawer as Withdrawer), currencyRate: quote.rate };
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackLink to="/withdrawerList">Withdrawers</BackLink>
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Sell {coinName}</h1>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
        <WithdrawerSummary w={withdrawer} coinName={coinName} />
        <SellCoinsForm
          withdrawer={withdrawer}
          quote={quote}
          askAgain={askAgain}
          available={data.available}
          paymentList={data.paymentList as UserPayment[]}
          rules={data.rules}
          coinName={coinName}
        />
      </div>
    </div>
  );
}

function SellCoinsForm({
  withdrawer: w,
  quote,
  askAgain,
  available,
  paymentList,
  rules,
  coinName,
}: {
  /** Its rate is the quote's. */
  withdrawer: Withdrawer;
  quote: Quote;
  askAgain: AskAgain | null;
  available: number;
  paymentList: UserPayment[];
  rules: SellCoinsRules;
  coinName: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { ngnRate } = useMainLayoutData();
  const id = `sell-coins-${w.id}`;
  const schemas = useOnFirstUse(id, () => import("~/services/forms/withdrawals.schema"));
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.result,
    ...schemaValidation(schemas?.value.sellCoinsSchema(rules), schemas?.parseWithZod),
    defaultValue: { userPaymentId: paymentList.length === 1 && canReceivePayouts(paymentList[0]) ? String(paymentList[0].id) : "" },
  });
  useValidateBlurred(schemas, form);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const typed = fields.amount.value ?? fields.amount.initialValue;
  const coins = minorFromInput(typeof typed === "string" ? typed : "") ?? 0;
  const payout = figureOrNull(() => payoutFor(coins, quote.rate)) ?? 0;

  return (
    <section aria-labelledby="sell-coins-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="sell-coins-title" className="text-lg font-semibold text-gray-900">
        Your order
      </h2>
      <p className="mb-3 mt-1 text-sm text-gray-700" data-testid="available-balance" data-amount={available}>
        Available:{" "}
        <span className="num font-semibold text-gray-900">
          {formatCoins(available)} {coinName}
        </span>{" "}
        <span className="num text-gray-600">(≈ {formatNgn(available, ngnRate)})</span>
      </p>
      <Form method="post" replace {...getFormProps(form)} noValidate aria-describedby={form.errors ? form.errorId : undefined} className="flex flex-col gap-1">
        <QuoteFields quote={quote} />
        <FormField
          field={fields.amount}
          label={`Amount (${coinName})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={`${coinUnits(w.minTrade)} – ${coinUnits(w.maxTrade)}`}
          trailing={<span className="text-sm font-medium text-gray-700">{coinName}</span>}
          inputClassName="num"
        />
        <p className="mb-4 flex min-h-14 items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm" aria-live="polite">
          <span className="text-gray-700">You receive</span>
          {payout > 0 ? (
            <span className="num text-right text-base font-semibold text-money-in-700" data-testid="you-receive">
              {formatPayout(payout)} {w.currency}
            </span>
          ) : (
            <span className="text-right text-gray-600">Enter the amount</span>
          )}
        </p>

        <SelectField
          {...fieldProps(fields.userPaymentId)}
          key={fields.userPaymentId.key}
          label="Bank account"
          disabled={paymentList.length === 0}
        >
          <option value="">{paymentList.length === 0 ? "No bank account yet" : "Choose a bank account"}</option>
          {paymentList.map((p) => (
            <option key={p.id} value={p.id} disabled={!canReceivePayouts(p)}>
              {bankAccountLabel(p)}
            </option>
          ))}
        </SelectField>
        <p className="-mt-1 mb-3 text-sm">
          <Link to="/security/bankAccount" className="font-medium text-brand-700 underline underline-offset-2">
            {paymentList.length === 0 ? "Add a bank account" : "Add another bank account"}
          </Link>
        </p>

        {rules.needTradePwd ? (
          <FormField
            field={fields.tradePwd}
            type="password"
            label="Trade password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
          />
        ) : null}
        {rules.needOtp ? <OtpField key={fields.otp.key} id={fields.otp.id} error={fields.otp.errors} answer={actionData} /> : null}

        <TextAreaField
          {...fieldProps(fields.remark)}
          key={fields.remark.key}
          label="Remark (optional)"
          rows={2}
          maxLength={SELL_COINS_REMARK_MAX}
        />

        {askAgain ? <AskAgainNotice message={askAgain.message} /> : null}
        <FormError id={form.errorId} errors={form.errors?.filter((e) => e !== askAgain?.message)} />
        {paymentList.length === 0 ? (
          <ButtonLink to="/security/bankAccount" size="lg" fullWidth variant="secondary">
            Add a bank account first
          </ButtonLink>
        ) : null}
        <Button type="submit" size="lg" fullWidth busy={submitting} className={paymentList.length === 0 ? "mt-2" : undefined}>
          {askAgain ? (askAgain.why === "changed" ? "Sell at the new rate" : "Sell at this rate") : "Sell"}
        </Button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary notFound={{ description: "Choose another withdrawer.", action: <ButtonLink to="/withdrawerList">See the withdrawers</ButtonLink> }} />
  );
}
