/** How a bank account is shown: its number masked, one line for a select. */
import type { UserPayment } from "../../../contract/entities";

/** "•••• 6789": everything but the last 4 characters hidden. */
export function maskAccountNumber(n: string): string {
  const s = (n ?? "").replace(/\s+/g, "");
  if (s.length <= 4) return s;
  return `•••• ${s.slice(-4)}`;
}

/**
 * One line for a select, short enough for a 390 px phone (ADR 0066): "Access Bank •••• 6789",
 * the bank and the last 4 digits being what tells her accounts apart (the holder's name, with
 * them, cut the line); an account that failed the number check says so (the select offers it
 * disabled: ADR 0053), and the link under the select leads to where she fixes it.
 */
export function bankAccountLabel(p: Pick<UserPayment, "paymentNameEn" | "accountNumber" | "problem">): string {
  const line = `${p.paymentNameEn} ${maskAccountNumber(p.accountNumber)}`;
  return p.problem ? `${line} (needs fixing)` : line;
}

/** Whether coins may be sold to the account: not when its number failed the check. */
export const canReceivePayouts = (p: Pick<UserPayment, "problem">) => !p.problem;
