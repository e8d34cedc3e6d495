/**
 * GET /security/kycVerification/photo/{front|back}: a photo of the user's own submitted ID, through
 * /userCert/getKycImage (the photos are encrypted; only the user and staff see them). Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { notFoundResponse } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const side = params.side;
  if (side !== "front" && side !== "back") throw notFoundResponse("Photo not found.");
  const api = await requireApi(request, context, "json");
  const result = await api.call("/userCert/getKycImage", { side });
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
