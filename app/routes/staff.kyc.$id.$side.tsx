/** GET /staff/kyc/{id}/{front|back}: one photo of a submitted certificate, for an administrator. Never cached. */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";
import { NO_STORE } from "~/services/kit/http.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const id = Number(params.id);
  const side = params.side === "back" ? "back" : params.side === "front" ? "front" : null;
  const photo = Number.isSafeInteger(id) && id > 0 && side ? await api.call("/admin/kyc/image", { id, side }) : null;
  if (!photo?.ok) return new Response("Photo not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const bytes = Uint8Array.from(atob(photo.data.base64), (c) => c.charCodeAt(0));
  return new Response(bytes, { headers: { "Content-Type": photo.data.contentType, ...NO_STORE, "X-Content-Type-Options": "nosniff" } });
}
