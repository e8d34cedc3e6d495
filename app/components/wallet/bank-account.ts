/** How a bank account is shown: its number masked, one line for a select. */
import type { UserPayment } from "../../../contract/entities";

/** "•••• 6789": everything but the last 4 characters hidden. */
export function maskAccountNumber(n: string): string {
  const s = (n ?? "").replace(/\s+/g, "");
  if (s.length <= 4) return s;
  return `•••• ${s.slice(-4)}`;
}

/**
 * One line for a select, the distinguishing part first: "Access Bank •••• 6789 · Ada Obi"; an
 * account that failed the number check says so (the select offers it disabled: ADR 0053).
 */
export function bankAccountLabel(p: Pick<UserPayment, "paymentNameEn" | "realname" | "accountNumber" | "problem">): string {
  const line = `${p.paymentNameEn} ${maskAccountNumber(p.accountNumber)} · ${p.realname}`;
  return p.problem ? `${line} (fix it in Bank accounts)` : line;
}

/** Whether coins may be sold to the account: not when its number failed the check. */
export const canReceivePayouts = (p: Pick<UserPayment, "problem">) => !p.problem;
