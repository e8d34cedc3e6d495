import { z } from "zod";
import { defineCall, id } from "../define";
import { RECEIPT_KINDS } from "../receipts";

const receiptRequest = z.object({
  kind: z.enum(RECEIPT_KINDS, { errorMap: () => ({ message: "Unknown receipt." }) }),
  id,
});

/** One line of a receipt: what it is and its value as written ("1,234.56 Coins"). */
const receiptLineSchema = z.object({ label: z.string(), value: z.string() });

/**
 * A receipt (ADR 0075): built once by the backend, in the reader's time zone, and rendered twice
 * (the page and the PDF). Lines carry text as written; `figures` the stored integers they were written from.
 */
export const receiptSchema = z.object({
  kind: z.enum(RECEIPT_KINDS),
  id: z.number().int(),
  /** "GM-O-000123-4" (contract/receipts.ts). */
  reference: z.string(),
  /** "Gift card sale". */
  title: z.string(),
  status: z.string(),
  /** The IANA zone the times are written in. */
  timeZone: z.string(),
  /** When the receipt's business was done (ms): completed or confirmed. */
  doneAt: z.number().int(),
  /** Both parties by their public names: "Seller", "Merchant"… */
  parties: z.array(z.object({ role: z.string(), name: z.string() })),
  /** Amounts and rates. */
  amounts: z.array(receiptLineSchema),
  /** Times, in `timeZone`. */
  times: z.array(receiptLineSchema),
  /** What else identifies it: the card, the bank account (masked), the transaction hash. */
  details: z.array(receiptLineSchema),
  /** The stored integers (minor units, per-10000 rates, per-1e8 crypto) the lines were written from. */
  figures: z.record(z.number().int()),
});
export type Receipt = z.infer<typeof receiptSchema>;
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** Receipts of her completed orders, withdrawals and confirmed transfers (backend/modules/receipts). */
export const receiptCalls = {
  "/receipt/getReceipt": defineCall({
    path: "/receipt/getReceipt",
    auth: "user",
    request: receiptRequest,
    response: receiptSchema,
    doc: "Designed call (ADR 0075): the receipt of one of her completed orders, completed withdrawals or confirmed transfers ({kind: order|withdrawal|transfer, id}); 'A receipt is ready once the order is completed.' (or the withdrawal's, the transfer's) for any other, hers or not.",
  }),
  "/receipt/getReceiptPdf": defineCall({
    path: "/receipt/getReceiptPdf",
    auth: "user",
    request: receiptRequest,
    response: z.object({
      /** "receipt-GM-O-000123-4.pdf". */
      fileName: z.string(),
      /** The PDF's bytes, base64. */
      base64: z.string(),
    }),
    doc: "Designed call (ADR 0075): the same receipt as a PDF drawn on the server; refused as /receipt/getReceipt is.",
  }),
};
