/**
 * A bank account card (docs/product/wallet.md#bank-accounts): bank, real name, account number (all but the last
 * 4 hidden), note; Edit and Delete. An account saved before numbers were checked that fails the
 * check says so, and what to do (ADR 0053).
 */
import type { ReactNode } from "react";
import type { UserPayment } from "../../../contract/entities";
import { maskAccountNumber } from "~/components/wallet/bank-account";

export function BankAccountCard({ p, actions }: { p: UserPayment; actions?: ReactNode }) {
  const problemId = `bank-${p.id}-problem`;
  return (
    <article
      className="flex h-full flex-col rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 p-4 text-white shadow-sm"
      data-testid="bank-card"
      data-payment-id={p.id}
      data-problem={p.problem ? "" : undefined}
      aria-label={`${p.paymentNameEn} account of ${p.realname}`}
      aria-describedby={p.problem ? problemId : undefined}
    >
      <div className="flex items-center gap-2">
        {p.paymentIcon ? <img src={p.paymentIcon} alt="" width={28} height={28} className="h-7 w-7 shrink-0 rounded-full bg-white" /> : null}
        <h3 className="min-w-0 truncate text-base font-semibold">{p.paymentNameEn}</h3>
      </div>
      <p className="num mt-4 font-mono text-lg tracking-wider" data-testid="bank-card-number">
        {maskAccountNumber(p.accountNumber)}
      </p>
      <p className="mt-1 truncate text-sm text-brand-100">{p.realname}</p>
      {p.remark ? <p className="mt-2 line-clamp-2 wrap-anywhere text-xs text-brand-100">{p.remark}</p> : null}
      {p.problem ? (
        <div id={problemId} className="mt-3 rounded-lg bg-wait-50 p-3 text-sm text-wait-800" data-testid="bank-card-problem">
          <p className="font-semibold">Check this account</p>
          <p className="mt-1">{p.problem}</p>
          <p className="mt-1">Coins cannot be sold to it until you edit it with the right number, or remove it.</p>
        </div>
      ) : null}
      {actions ? <div className="mt-auto flex gap-2 pt-4">{actions}</div> : null}
    </article>
  );
}
