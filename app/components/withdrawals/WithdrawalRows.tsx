/** Rows and the bank panel both sides of a withdrawal read alike, each in its own words. */
import type { ReactNode } from "react";
import { DetailPanel, DetailRow, RemarkLine } from "~/components/ui";
import { parseBankSnapshot, type BankSnapshot } from "~/components/withdrawals/withdrawal";
import { oneCoin } from "~/services/money/coin-name";
import { formatCurrencyRate } from "~/services/money/wallet";

/** "1,500 NGN per Coin": the rate the withdrawal was made at. */
export function RateRow({ w, coinName }: { w: { currencyRate: number; currency: string }; coinName: string }) {
  return (
    <DetailRow label="Rate">
      {formatCurrencyRate(w.currencyRate)} {w.currency} per {oneCoin(coinName)}
    </DetailRow>
  );
}

/** The bank account as it was when the withdrawal was made; each side names the holder and shows the number its own way. */
function BankRows({ bank, nameLabel, number, testId }: { bank: BankSnapshot; nameLabel: string; number: ReactNode; testId?: string }) {
  return (
    <dl className="divide-y divide-gray-100" data-testid={testId}>
      <DetailRow label="Bank">{bank.paymentNameEn}</DetailRow>
      <DetailRow label={nameLabel}>{bank.realname}</DetailRow>
      <DetailRow label="Account number">{number}</DetailRow>
      {bank.remark ? <DetailRow label="Note">{bank.remark}</DetailRow> : null}
    </dl>
  );
}

/** The account the withdrawal is paid to and the seller's remark; `missing` says why there is no account to show. */
export function BankPanel({
  w,
  title,
  labelId,
  nameLabel,
  number,
  testId,
  missing,
}: {
  w: { userPayment: string | null; userRemark: string | null };
  title: string;
  labelId: string;
  nameLabel: string;
  number: (accountNumber: string) => ReactNode;
  testId?: string;
  missing: ReactNode;
}) {
  const bank = parseBankSnapshot(w.userPayment);
  return (
    <DetailPanel title={title} labelId={labelId}>
      {bank ? <BankRows bank={bank} nameLabel={nameLabel} number={number(bank.accountNumber)} testId={testId} /> : missing}
      {w.userRemark ? <RemarkLine text={w.userRemark} className="mt-2" /> : null}
    </DetailPanel>
  );
}
