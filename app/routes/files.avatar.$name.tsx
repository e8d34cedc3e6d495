/**
 * GET /files/avatar/{uuid}.jpg: a user's uploaded avatar, public. The backend
 * keeps it in its blob store (so every process, and an S3 bucket, has it); this
 * route streams it through, cached for a year (a name never changes).
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { apiFor } from "~/services/kit/caller.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const res = await api.fetchAvatar(params.name ?? "");
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel().catch(() => {});
    return new Response("Image not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const headers = new Headers({
    "Content-Type": "image/jpeg",
    "Cache-Control": res.headers.get("cache-control") ?? "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  const length = res.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(res.body, { status: 200, headers });
}
