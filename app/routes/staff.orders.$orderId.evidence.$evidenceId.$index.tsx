/**
 * GET /staff/orders/{orderId}/evidence/{evidenceId}/{index}: one evidence picture of any order's
 * dispute, for an administrator (/admin/order/getEvidencePicture; ADR 0074). Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";
import { evidencePictureParams } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const result = await api.call("/admin/order/getEvidencePicture", evidencePictureParams(params));
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
