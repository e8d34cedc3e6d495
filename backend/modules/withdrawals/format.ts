import { MINOR_PER_UNIT } from "../../../contract/constants";
import { normalizeAccountNumber } from "../../../contract/bank-accounts";

/** Plain-English figures for withdrawal notices, bills and messages (server texts, no locale). */

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Hundredths of a currency as "53,500.00 NGN". */
export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  return `${sign}${group(Math.trunc(abs / MINOR_PER_UNIT))}.${String(abs % MINOR_PER_UNIT).padStart(2, "0")} ${currency}`;
}

/** "Access Bank ••••6789" from a withdrawal's JSON snapshot of the bank account. */
export function bankLabel(userPaymentJson: string): string {
  try {
    const p = JSON.parse(userPaymentJson) as { paymentNameEn?: string; accountNumber?: string };
    const tail = normalizeAccountNumber(p.accountNumber ?? "").slice(-4);
    return `${p.paymentNameEn ?? "bank"}${tail ? ` ••••${tail}` : ""}`;
  } catch {
    return "bank";
  }
}
