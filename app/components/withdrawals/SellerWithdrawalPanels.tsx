/**
 * The panels of one withdrawal as its seller reads it (/withdrawDetails): how it is being paid
 * ('Processing...', the payment picture, or why it was cancelled), the amounts, and the bank
 * account as it was when she made it (its number masked).
 */
import type { Withdrawal } from "../../../contract/entities";
import { DetailPanel, DetailRow, Spinner } from "~/components/ui";
import { maskAccountNumber } from "~/components/wallet/bank-account";
import { ProofPicture } from "~/components/withdrawals/ProofPicture";
import { BankPanel, RateRow } from "~/components/withdrawals/WithdrawalRows";
import { WithdrawalStatus } from "~/components/withdrawals/withdrawal";
import { formatCoins } from "~/services/money/format";
import { formatPayout } from "~/services/money/wallet";

export function SellerPaymentPanel({ w, coinName }: { w: Withdrawal; coinName: string }) {
  return (
    <DetailPanel title="Payment" labelId="payment">
      {w.status === WithdrawalStatus.Cancelled ? (
        <div className="rounded-lg bg-money-out-50 p-3 ring-1 ring-inset ring-money-out-200" data-testid="withdrawal-reason">
          <p className="text-sm font-semibold text-money-out-800">Cancelled</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere text-sm text-gray-800">
            {w.reason || "The withdrawer cancelled this withdrawal."} Your {coinName} went back to your available balance.
          </p>
        </div>
      ) : w.payPicture ? (
        <ProofPicture
          src={`/withdrawDetails/${w.id}/picture`}
          alt={`Payment proof from ${w.withdrawerName}`}
          testId="pay-picture"
          caption={`Payment proof sent by ${w.withdrawerName}`}
        />
      ) : (
        <p className="flex items-center gap-2 rounded-lg bg-wait-50 p-3 text-sm font-medium text-wait-800" data-testid="processing">
          <Spinner className="h-4 w-4" />
          Processing...
        </p>
      )}
    </DetailPanel>
  );
}

export function SellerAmountsPanel({ w, coinName }: { w: Withdrawal; coinName: string }) {
  return (
    <DetailPanel title="Amounts" labelId="amounts">
      <dl className="divide-y divide-gray-100">
        <DetailRow label="Coins sold">
          <span className="font-semibold text-money-out-700" data-testid="withdrawal-amount" data-amount={w.amount}>
            {formatCoins(w.amount)} {coinName}
          </span>
        </DetailRow>
        <RateRow w={w} coinName={coinName} />
        <DetailRow label="You receive">
          <span className="text-base font-semibold text-money-in-700" data-testid="withdrawal-payout">
            {formatPayout(w.currencyAmount)} {w.currency}
          </span>
        </DetailRow>
      </dl>
    </DetailPanel>
  );
}

/** Her account as it was when she made the withdrawal, its number masked. */
export function SellerBankPanel({ w }: { w: Withdrawal }) {
  const missing = <p className="text-sm text-gray-600">Not recorded.</p>;
  return <BankPanel w={w} title="Bank account" labelId="bank" nameLabel="Real name" number={maskAccountNumber} missing={missing} />;
}
