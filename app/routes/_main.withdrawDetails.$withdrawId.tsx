/**
 * /withdrawDetails/{withdrawId}: one withdrawal (docs/product/screens.md, docs/product/statuses.md).
 *
 * - Status badge; the timeline created → processing started → completed or
 *   cancelled with times; the reason when cancelled.
 * - 'Processing...' while there is no payPicture; the payment picture (from
 *   /withdrawDetails/{id}/picture) once there is.
 * - Coins sold, rate, the payout (up to 10 decimals, trailing zeros trimmed)
 *   and its currency; the bank account as it was when the withdrawal was made.
 * - Completed: a link to its receipt (/receipts/withdrawal/{id}, ADR 0075).
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
import { DetailPage } from "~/components/detail/DetailPage";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { SellerAmountsPanel, SellerBankPanel, SellerPaymentPanel } from "~/components/withdrawals/SellerWithdrawalPanels";
import { WithdrawalHeader } from "~/components/withdrawals/WithdrawalHeader";
import { WithdrawalTimelinePanel } from "~/components/withdrawals/WithdrawalTimeline";
import { useRevalidateEvery } from "~/components/ui/use-revalidate-every";
import { isWithdrawalOpen, WithdrawalStatus } from "~/components/withdrawals/withdrawal";
import { ReceiptNotice } from "~/components/receipts/ReceiptLink";
import { GetHelpLink } from "~/components/support/GetHelpLink";
import { must, requireApi } from "~/services/kit/api.server";

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
  // An open withdrawal moves on by itself (the withdrawer acts): re-read it while it is open.
  useRevalidateEvery(REFRESH_MS, isWithdrawalOpen(w.status));
  return (
    <DetailPage
      split="withdrawal"
      back={{ to: "/withdrawList", label: "Withdrawals" }}
      header={<WithdrawalHeader w={w} avatar={w.withdrawerAvatar} party={`to ${w.withdrawerName}`} />}
      notice={
        <>
          {w.status === WithdrawalStatus.Completed ? <ReceiptNotice kind="withdrawal" id={w.id} /> : null}
          <GetHelpLink kind="withdrawal" id={w.id} />
        </>
      }
      main={
        <>
          <SellerPaymentPanel w={w} coinName={coinName} />
          <SellerAmountsPanel w={w} coinName={coinName} />
          <SellerBankPanel w={w} />
        </>
      }
      timeline={<WithdrawalTimelinePanel w={w} />}
    />
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
