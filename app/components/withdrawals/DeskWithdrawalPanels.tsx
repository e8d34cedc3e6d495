/** The panels of one withdrawal on the withdrawer desk (ADR 0037): what to pay, to whom, and the proof. */
import type { DeskWithdrawal } from "../../../contract/calls/withdrawals-desks";
import { DetailPanel, DetailRow } from "~/components/ui";
import { ProofPicture } from "~/components/withdrawals/ProofPicture";
import { BankPanel, RateRow } from "~/components/withdrawals/WithdrawalRows";
import { WithdrawalStatus } from "~/components/withdrawals/withdrawal";
import { formatCoins } from "~/services/money/format";
import { formatPayout } from "~/services/money/wallet";

export function DeskPayPanel({ w, coinName }: { w: DeskWithdrawal; coinName: string }) {
  return (
    <DetailPanel title="Payment" labelId="desk-pay">
      <dl className="divide-y divide-gray-100">
        <DetailRow label="You pay">
          <span className="text-base font-semibold text-gray-900" data-testid="desk-pay-amount">
            {formatPayout(w.currencyAmount)} {w.currency}
          </span>
        </DetailRow>
        <DetailRow label="Coins bought">
          {formatCoins(w.amount)} {coinName}
        </DetailRow>
        <RateRow w={w} coinName={coinName} />
      </dl>
    </DetailPanel>
  );
}

/** The seller's account: the backend sends it only once processing has started. */
export function DeskBankPanel({ w }: { w: DeskWithdrawal }) {
  return (
    <BankPanel
      w={w}
      title="Seller's bank account"
      labelId="desk-bank"
      nameLabel="Account name"
      testId="desk-bank"
      number={(n) => (
        <span className="num select-all font-semibold tracking-wide" data-testid="desk-account-number">
          {n}
        </span>
      )}
      missing={
        <p className="text-sm text-gray-700" data-testid="desk-bank-hidden">
          {w.status === WithdrawalStatus.Waiting ? "Shown once you start processing." : "Not shown: this withdrawal was never processed."}
        </p>
      }
    />
  );
}

export function DeskOutcomePanel({ w }: { w: DeskWithdrawal }) {
  if (w.status === WithdrawalStatus.Cancelled)
    return (
      <div className="rounded-xl bg-money-out-50 p-4 ring-1 ring-inset ring-money-out-200" data-testid="desk-cancelled">
        <p className="text-sm font-semibold text-money-out-800">Cancelled</p>
        <p className="mt-1 whitespace-pre-line wrap-anywhere text-sm text-gray-800">{w.reason}</p>
      </div>
    );
  if (w.status !== WithdrawalStatus.Completed || !w.payPicture) return null;
  const src = `/desk/withdrawals/${w.id}/picture`;
  return (
    <DetailPanel title="Payment proof" labelId="desk-proof">
      <ProofPicture src={src} alt={`Payment proof for withdrawal ${w.id}`} testId="desk-proof" />
    </DetailPanel>
  );
}
