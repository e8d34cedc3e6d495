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
import { notFoundText, streamedImage } from "~/services/kit/resource.server";

const notFound = (status = 404) => notFoundText("Image not found.", status);

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
  return streamedImage(blob);
}
