/**
 * Receipts (ADR 0075): the kinds, their reference numbers and the words both renderings share.
 * Pure: the web tier reads a reference from an address, the backend writes it on the page and the PDF.
 */
export const RECEIPT_KINDS = ["order", "withdrawal", "transfer"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

const LETTER: Record<ReceiptKind, string> = { order: "O", withdrawal: "W", transfer: "T" };

/** Luhn's check digit of a number's digits: one mistyped digit or two swapped ones change it. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** "GM-O-000123-4": the kind's letter, the id (at least six digits) and its check digit. */
export function receiptReference(kind: ReceiptKind, id: number): string {
  const digits = String(id).padStart(6, "0");
  return `GM-${LETTER[kind]}-${digits}-${luhnDigit(digits)}`;
}

/** The receipt a reference names, or null when it is not one of ours (wrong shape or check digit). */
export function parseReceiptReference(ref: string): { kind: ReceiptKind; id: number } | null {
  const m = /^GM-([OWT])-(\d{6,15})-(\d)$/.exec(ref.trim().toUpperCase());
  if (!m || luhnDigit(m[2]) !== Number(m[3])) return null;
  const kind = RECEIPT_KINDS.find((k) => LETTER[k] === m[1])!;
  const id = Number(m[2]);
  return id > 0 ? { kind, id } : null;
}

/** The address of a receipt's page; its PDF is the same with ".pdf". */
export const receiptPath = (kind: ReceiptKind, id: number) => `/receipts/${kind}/${id}`;

/** What a receipt that is not there yet (or not hers) answers: one message per kind. */
export const receiptNotReady: Record<ReceiptKind, string> = {
  order: "A receipt is ready once the order is completed.",
  withdrawal: "A receipt is ready once the withdrawal is completed.",
  transfer: "A receipt is ready once the transfer is confirmed.",
};
