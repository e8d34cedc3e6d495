/**
 * GET /security/kycVerification/photo/{front|back}: a photo of the user's own submitted ID, through
 * /userCert/getKycImage (the photos are encrypted; only the user and staff see them). Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { notFoundResponse } from "~/services/kit/params";
import { privateImageResponse } from "~/services/orders/image-response";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const side = params.side;
  if (side !== "front" && side !== "back") throw notFoundResponse("Photo not found.");
  const api = await requireApi(request, context, "json");
  const result = await api.call("/userCert/getKycImage", { side });
  if (!result.ok) return new Response(result.msg, { status: 404, headers: { "Cache-Control": "no-store" } });
  return privateImageResponse(result.data);
}
