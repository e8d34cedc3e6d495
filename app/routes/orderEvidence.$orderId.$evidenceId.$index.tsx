/**
 * GET /orderEvidence/{orderId}/{evidenceId}/{index}: one evidence picture of an order's dispute, for
 * its seller or its merchant, through /order/getEvidencePicture (which answers only them; ADR 0074).
 * Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { evidencePictureParams } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ask = evidencePictureParams(params);
  const api = await requireApi(request, context, "json");
  const result = await api.call("/order/getEvidencePicture", ask);
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
