/**
 * GET /orderImage/{orderId}/{index}: one image of an order, for its seller or
 * buyer. The backend authorises the order (getOrderDetails); the image is then
 * fetched from the blob store with its customer key, base64(SHA-256(secret))
 * (SSE-C, ADR 0007), and streamed through. Never cached, never shared.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { sha256Base64 } from "~/services/orders/card-secret";
import { imagePaths } from "~/services/forms/sell";

const notFound = (status = 404) =>
  new Response("Image not found.", {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.orderId);
  const index = Number(params.index);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(index) || index < 0) return notFound();
  const api = await requireApi(request, context, "json");
  const result = await api.call("/order/getOrderDetails", { id });
  if (!result.ok) return notFound();
  const { cardImg, secret } = result.data.orderDetails;
  const path = imagePaths(cardImg)[index];
  if (!path || !secret) return notFound();

  const blob = await api.fetchBlob(path, await sha256Base64(secret));
  if (!blob || !blob.ok || !blob.body) {
    await blob?.body?.cancel().catch(() => {});
    return notFound(blob && !blob.ok && blob.status !== 404 ? 502 : 404);
  }
  const headers = new Headers({
    "Content-Type": blob.headers.get("content-type") ?? "image/jpeg",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = blob.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(blob.body, { status: 200, headers });
}
