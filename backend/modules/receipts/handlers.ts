import { requireUser } from "../../http/context";
import type { HandlerGroup } from "../../http/handler-types";
import { zoneOf } from "../membership/zone";
import { buildReceipt } from "./build";
import { drawReceiptPdf } from "./pdf";

/** Her receipts (ADR 0075): the model, and the PDF drawn from it. */
export const receiptHandlers = {
  async "/receipt/getReceipt"(input, ctx) {
    return buildReceipt(ctx.db, requireUser(ctx).id, zoneOf(ctx), input.kind, input.id);
  },

  async "/receipt/getReceiptPdf"(input, ctx) {
    const receipt = await buildReceipt(ctx.db, requireUser(ctx).id, zoneOf(ctx), input.kind, input.id);
    const pdf = await drawReceiptPdf(receipt);
    return { fileName: `receipt-${receipt.reference}.pdf`, base64: pdf.toString("base64") };
  },
} satisfies HandlerGroup<"/receipt/getReceipt" | "/receipt/getReceiptPdf">;
