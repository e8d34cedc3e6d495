/** The panels of one withdrawal on the withdrawer desk (ADR 0037): what to pay, to whom, and the proof. */
import type { DeskWithdrawal } from "../../../contract/calls/withdrawals-desks";
import { DetailPanel, DetailRow, RemarkLine } from "~/components/ui";
import { parseBankSnapshot, WithdrawalStatus } from "~/components/withdrawals/withdrawal";
import { formatCoins } from "~/services/money/format";
import { formatCurrencyRate, formatPayout } from "~/services/money/wallet";

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
        <DetailRow label="Rate">
          {formatCurrencyRate(w.currencyRate)} {w.currency} per {coinName.replace(/s$/, "")}
        </DetailRow>
      </dl>
    </DetailPanel>
  );
}

/** The seller's account: the backend sends it only once processing has started. */
export function DeskBankPanel({ w }: { w: DeskWithdrawal }) {
  const bank = parseBankSnapshot(w.userPayment);
  return (
    <DetailPanel title="Seller's bank account" labelId="desk-bank">
      {bank ? (
        <dl className="divide-y divide-gray-100" data-testid="desk-bank">
          <DetailRow label="Bank">{bank.paymentNameEn}</DetailRow>
          <DetailRow label="Account name">{bank.realname}</DetailRow>
          <DetailRow label="Account number">
            <span className="num select-all font-semibold tracking-wide" data-testid="desk-account-number">
              {bank.accountNumber}
            </span>
          </DetailRow>
          {bank.remark ? <DetailRow label="Note">{bank.remark}</DetailRow> : null}
        </dl>
      ) : (
        <p className="text-sm text-gray-700" data-testid="desk-bank-hidden">
          {w.status === WithdrawalStatus.Waiting ? "Shown once you start processing." : "Not shown: this withdrawal was never processed."}
        </p>
      )}
      {w.userRemark ? <RemarkLine text={w.userRemark} className="mt-2" /> : null}
    </DetailPanel>
  );
}

export function DeskOutcomePanel({ w }: { w: DeskWithdrawal }) {
  if (w.status === WithdrawalStatus.Cancelled)
    return (
      <div className="rounded-xl bg-money-out-50 p-4 ring-1 ring-inset ring-money-out-200" data-testid="desk-cancelled">
        <p className="text-sm font-semibold text-money-out-800">Cancelled</p>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">{w.reason}</p>
      </div>
    );
  if (w.status !== WithdrawalStatus.Completed || !w.payPicture) return null;
  const src = `/desk/withdrawals/${w.id}/picture`;
  return (
    <DetailPanel title="Payment proof" labelId="desk-proof">
      <figure className="m-0" data-testid="desk-proof">
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img
            src={src}
            alt={`Payment proof for withdrawal ${w.id}`}
            width={480}
            height={640}
            className="mx-auto h-auto max-h-[28rem] w-auto max-w-full rounded-lg bg-gray-100 object-contain ring-1 ring-gray-200"
          />
        </a>
      </figure>
    </DetailPanel>
  );
}
