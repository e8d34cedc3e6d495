/**
 * GET /im/sig: the chat sign-in data for the browser's chat island (docs/product/calls.md
 * /im/getUserSig: userId, appId, userSig; called with no retry — the island retries
 * every second itself, docs/product/statuses.md).
 *
 * - 200 {userId, appId, userSig}.
 * - 401 when not signed in, or code 3 (the token expired): the stored profile is
 *   cleared (docs/product/messages.md, "the chat start clears the stored profile") and the island stops.
 * - 503 {message} for anything else (the island tries again).
 *
 * Not under /chat/: server.ts hands every /chat/* path to the built-in chat service.
 */
import { json, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";


export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "json");
  const r = await api.call("/im/getUserSig", undefined, { retries: 0 });
  if (!r.ok) return json({ message: r.msg }, { status: 503, headers: NO_STORE });
  return json({ userId: r.data.userId, appId: r.data.appId, userSig: r.data.userSig }, { headers: NO_STORE });
}
