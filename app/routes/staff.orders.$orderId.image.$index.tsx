/**
 * GET /staff/orders/{orderId}/image/{index}: one card picture of any order, for an administrator
 * (ADR 0035). The backend answers the path and its customer key (/admin/order/detail); the image
 * is streamed from the blob store as /orderImage does for the order's parties. Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";
import { notFoundText, streamedImage } from "~/services/kit/resource.server";

const missing = () => notFoundText("Image not found.");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const id = Number(params.orderId);
  const index = Number(params.index);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(index) || index < 0) return missing();
  const detail = await api.call("/admin/order/detail", { id });
  const path = detail.ok ? detail.data.card?.images[index] : undefined;
  if (!detail.ok || !path || !detail.data.card) return missing();
  const blob = await api.fetchBlob(path, detail.data.card.imageKey);
  if (!blob || !blob.ok || !blob.body) {
    await blob?.body?.cancel().catch(() => {});
    return missing();
  }
  return streamedImage(blob);
}
