/** How a bank account is shown: its number masked, one line for a select. */
import type { UserPayment } from "../../../contract/entities";

/** "•••• 6789": everything but the last 4 characters hidden. */
export function maskAccountNumber(n: string): string {
  const s = (n ?? "").replace(/\s+/g, "");
  if (s.length <= 4) return s;
  return `•••• ${s.slice(-4)}`;
}

/** One line for a select, the distinguishing part first: "Access Bank •••• 6789 · Ada Obi". */
export function bankAccountLabel(p: Pick<UserPayment, "paymentNameEn" | "realname" | "accountNumber">): string {
  return `${p.paymentNameEn} ${maskAccountNumber(p.accountNumber)} · ${p.realname}`;
}
