/**
 * GET /withdrawDetails/{id}/picture: the payment picture (proof of payout) of
 * one of the user's withdrawals, through /userWithdraw/getPayPicture (which
 * answers only the owner). Never cached by shared caches.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { idParam } from "~/services/kit/params";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp"]);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.withdrawId, "Not found");
  const api = await requireApi(request, context, "json");
  const result = await api.call("/userWithdraw/getPayPicture", { id });
  if (!result.ok) return new Response(result.msg, { status: 404, headers: { "Cache-Control": "no-store" } });
  const type = IMAGE_TYPES.has(result.data.contentType) ? result.data.contentType : "application/octet-stream";
  const bin = atob(result.data.base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Response(bytes, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
