/** GET /staff/kyc/{id}/{front|back}: one photo of a submitted certificate, for an administrator. Never cached. */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const id = Number(params.id);
  const side = params.side === "back" ? "back" : params.side === "front" ? "front" : null;
  const photo = Number.isSafeInteger(id) && id > 0 && side ? await api.call("/admin/kyc/image", { id, side }) : null;
  return photo?.ok ? privateImage(photo.data) : notFoundText("Photo not found.");
}
