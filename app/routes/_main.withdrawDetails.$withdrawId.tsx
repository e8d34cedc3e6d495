/**
 * /withdrawDetails/{withdrawId}: one withdrawal (docs/product/screens.md, docs/product/statuses.md).
 *
 * - Status badge; the timeline created → processing started → completed or
 *   cancelled with times; the reason when cancelled.
 * - 'Processing...' while there is no payPicture; the payment picture (from
 *   /withdrawDetails/{id}/picture) once there is.
 * - Coins sold, rate, the payout (up to 10 decimals, trailing zeros trimmed)
 *   and its currency; the bank account as it was when the withdrawal was made.
 * - With JavaScript an open withdrawal refreshes itself every 5 s.
 * - Code 3 (docs/product/messages.md): goes back in history with JavaScript; without it the
 *   page offers a link to /withdrawList.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PRICE_REFRESH_MS } from "../../contract/constants";
import type { Withdrawal } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Avatar } from "~/components/ui/Avatar";
import { ButtonLink, DetailPanel, DetailRow, RemarkLine, Spinner } from "~/components/ui";
import { maskAccountNumber } from "~/components/wallet/bank-account";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { formatCurrencyRate, formatPayout } from "~/services/money/wallet";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";
import { WithdrawalTimelinePanel } from "~/components/withdrawals/WithdrawalTimeline";
import { useRevalidateEvery } from "~/components/ui/use-revalidate-every";
import { WithdrawalStatus, isWithdrawalOpen, parseBankSnapshot } from "~/components/withdrawals/withdrawal";
import { must, requireApi } from "~/services/kit/api.server";
import { formatCoins } from "~/services/money/format";
import { BackLink } from "~/components/ui/BackLink";

const NOT_FOUND = "This withdrawal does not exist.";
/** An open withdrawal is re-read this often with JavaScript. */
const REFRESH_MS = PRICE_REFRESH_MS;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.withdrawId, NOT_FOUND);
  // docs/product/messages.md: code 3 on withdraw details goes back (the error boundary's 401).
  const api = await requireApi(request, context, "prompt");
  const result = await api.call("/userWithdraw/getWithdrawDetail", { id });
  if (!result.ok && (result.code === Code.NOT_FOUND || result.code === Code.FORBIDDEN)) throw notFoundResponse(NOT_FOUND);
  return json({ withdrawal: must(result).withdrawal }, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.withdrawal ? `Withdrawal ${data.withdrawal.id} | GiftMarket` : "Withdrawal | GiftMarket" },
];

export default function WithdrawDetailsPage() {
  const data = useLoaderData<typeof loader>();
  return <Details w={data.withdrawal as Withdrawal} />;
}

/** Code 3: back in history with JavaScript; a link to /withdrawList without. */
function SignedOut() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (!hydrated) return;
    if (window.history.length > 1) navigate(-1);
    else navigate("/withdrawList", { replace: true });
  }, [hydrated, navigate]);
  return (
    <section className="mx-auto w-full max-w-md rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="withdraw-signed-out">
      <h1 className="text-lg font-semibold text-gray-900">Please sign in again</h1>
      <p className="mt-1 text-sm text-gray-700">Your session has ended.</p>
      <div className="mt-4">
        <ButtonLink to="/withdrawList" fullWidth>
          Back to withdrawals
        </ButtonLink>
      </div>
    </section>
  );
}

function Details({ w }: { w: Withdrawal }) {
  const { coinName } = useMainLayoutData();
  const bank = parseBankSnapshot(w.userPayment);
  // An open withdrawal moves on by itself (the withdrawer acts): re-read it while it is open.
  useRevalidateEvery(REFRESH_MS, isWithdrawalOpen(w.status));

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackLink to="/withdrawList">Withdrawals</BackLink>
      <header className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <Avatar src={w.withdrawerAvatar} size={48} />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-lg font-bold text-gray-900 md:text-xl">Withdrawal {w.id}</h1>
          <p className="truncate text-sm text-gray-600">to {w.withdrawerName}</p>
        </div>
        <WithdrawalStatusBadge status={w.status} className="mt-1 shrink-0 px-3 py-1 text-sm" />
      </header>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <DetailPanel title="Payment" labelId="payment">
            {w.status === WithdrawalStatus.Cancelled ? (
              <div className="rounded-lg bg-money-out-50 p-3 ring-1 ring-inset ring-money-out-200" data-testid="withdrawal-reason">
                <p className="text-sm font-semibold text-money-out-800">Cancelled</p>
                <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">
                  {w.reason || "The withdrawer cancelled this withdrawal."} Your {coinName} went back to your available balance.
                </p>
              </div>
            ) : w.payPicture ? (
              <figure className="m-0" data-testid="pay-picture">
                <a href={`/withdrawDetails/${w.id}/picture`} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={`/withdrawDetails/${w.id}/picture`}
                    alt={`Payment proof from ${w.withdrawerName}`}
                    width={480}
                    height={640}
                    className="mx-auto h-auto max-h-[28rem] w-auto max-w-full rounded-lg bg-gray-100 object-contain ring-1 ring-gray-200"
                  />
                </a>
                <figcaption className="mt-2 text-center text-xs text-gray-600">Payment proof sent by {w.withdrawerName}</figcaption>
              </figure>
            ) : (
              <p className="flex items-center gap-2 rounded-lg bg-wait-50 p-3 text-sm font-medium text-wait-800" data-testid="processing">
                <Spinner className="h-4 w-4" />
                Processing...
              </p>
            )}
          </DetailPanel>

          <DetailPanel title="Amounts" labelId="amounts">
            <dl className="divide-y divide-gray-100">
              <DetailRow label="Coins sold">
                <span className="font-semibold text-money-out-700" data-testid="withdrawal-amount" data-amount={w.amount}>
                  {formatCoins(w.amount)} {coinName}
                </span>
              </DetailRow>
              <DetailRow label="Rate">
                {formatCurrencyRate(w.currencyRate)} {w.currency} per {coinName.replace(/s$/, "")}
              </DetailRow>
              <DetailRow label="You receive">
                <span className="text-base font-semibold text-money-in-700" data-testid="withdrawal-payout">
                  {formatPayout(w.currencyAmount)} {w.currency}
                </span>
              </DetailRow>
            </dl>
          </DetailPanel>

          <DetailPanel title="Bank account" labelId="bank">
            {bank ? (
              <dl className="divide-y divide-gray-100">
                <DetailRow label="Bank">{bank.paymentNameEn}</DetailRow>
                <DetailRow label="Real name">{bank.realname}</DetailRow>
                <DetailRow label="Account number">{maskAccountNumber(bank.accountNumber)}</DetailRow>
                {bank.remark ? <DetailRow label="Note">{bank.remark}</DetailRow> : null}
              </dl>
            ) : (
              <p className="text-sm text-gray-600">Not recorded.</p>
            )}
            {w.userRemark ? <RemarkLine text={w.userRemark} className="mt-2" /> : null}
          </DetailPanel>
        </div>

        <WithdrawalTimelinePanel w={w} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{ description: "It may belong to another account.", action: <ButtonLink to="/withdrawList">See your withdrawals</ButtonLink> }}
      statusHandlers={{ 401: () => <SignedOut /> }}
    />
  );
}
