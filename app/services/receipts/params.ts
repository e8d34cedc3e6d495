/** Receipts' route params (ADR 0075): the kind and id of /receipts/{kind}/{id}, or a 404. */
import { RECEIPT_KINDS, type ReceiptKind } from "../../../contract/receipts";
import { idParam, notFoundResponse } from "../kit/params";

export const RECEIPT_NOT_FOUND = "This receipt does not exist.";

export function receiptParams(params: { kind?: string; id?: string }): { kind: ReceiptKind; id: number } {
  const kind = RECEIPT_KINDS.find((k) => k === params.kind);
  if (!kind) throw notFoundResponse(RECEIPT_NOT_FOUND);
  return { kind, id: idParam(params.id, RECEIPT_NOT_FOUND) };
}
