/**
 * GET /files/avatar/{uuid}.jpg: a user's uploaded avatar, public. The backend
 * keeps it in its blob store (so every process, and an S3 bucket, has it); this
 * route streams it through, cached for a year (a name never changes).
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { apiFor } from "~/services/kit/caller.server";
import { notFoundText, streamedImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const res = await api.fetchAvatar(params.name ?? "");
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel().catch(() => {});
    return notFoundText("Image not found.");
  }
  return streamedImage(res, { type: "image/jpeg", caching: "immutable" });
}
