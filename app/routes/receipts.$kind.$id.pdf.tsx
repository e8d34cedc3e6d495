/**
 * GET /receipts/{kind}/{id}/pdf: her receipt as a PDF (ADR 0075), drawn by the backend
 * (/receipt/getReceiptPdf, which answers the owner only) and handed over as an attachment named
 * by its reference. Works without JavaScript: a plain link. Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { notFoundText, privateDownload } from "~/services/kit/resource.server";
import { receiptParams } from "~/services/receipts/params";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { kind, id } = receiptParams(params);
  const api = await requireApi(request, context);
  const result = await api.call("/receipt/getReceiptPdf", { kind, id });
  return result.ok ? privateDownload(result.data, "application/pdf") : notFoundText(result.msg);
}
