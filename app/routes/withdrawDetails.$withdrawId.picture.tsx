/**
 * GET /withdrawDetails/{id}/picture: the payment picture (proof of payout) of
 * one of the user's withdrawals, through /userWithdraw/getPayPicture (which
 * answers only the owner). Never cached by shared caches.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { apiFor } from "~/services/api.server";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp"]);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.withdrawId);
  if (!Number.isSafeInteger(id) || id <= 0) return new Response("Not found", { status: 404 });
  const api = await apiFor(request, context);
  if (!api.signedIn) return new Response("Unauthorized, please login", { status: 401 });
  const result = await api.call("/userWithdraw/getPayPicture", { id });
  if (!result.ok) return new Response(result.msg, { status: result.code === 3 ? 401 : 404, headers: { "Cache-Control": "no-store" } });
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
