import type { AppLoadContext } from "~/services/kit/http.server";
import { TrackRecordType } from "../../../contract/enums";
import { commitSession } from "../../session.server";
import { apiFor } from "../kit/caller.server";

/**
 * `?channel=X` on any page of the main layout (docs/product/calls.md: /trackRecord/addTrackRecord
 * {type 4, remark X}). When X differs from the channel already in the session,
 * the arrival is recorded and X is kept in the session (it then travels as the
 * `channel` header of every call, and /userRemark/addUserRemark after login).
 *
 * Returns the Set-Cookie to send, and a copy of the request whose Cookie header
 * already carries the updated session, so that the layout's own calls (and any
 * session it commits afterwards) see the new channel. Without a new channel the
 * request comes back unchanged and there is nothing to set.
 */
export const CHANNEL_MAX = 100;

export function channelParam(request: Request): string | undefined {
  const raw = new URL(request.url).searchParams.get("channel");
  const value = raw?.trim();
  if (!value || value.length > CHANNEL_MAX) return undefined;
  return value;
}

export async function applyChannel(
  request: Request,
  context: AppLoadContext,
): Promise<{ request: Request; setCookie?: string }> {
  const channel = channelParam(request);
  if (!channel) return { request };
  const api = await apiFor(request, context);
  if (api.session.get("channel") === channel) return { request };

  const result = await api.call("/trackRecord/addTrackRecord", { type: TrackRecordType.Channel, remark: channel });
  if (!result.ok) console.warn(`channel ${JSON.stringify(channel)} not recorded: ${result.msg}`);

  api.session.set("channel", channel);
  const setCookie = await commitSession(api.session);
  return { request: withCookie(request, setCookie), setCookie };
}

/** The request with one cookie (from a Set-Cookie value) replaced or added in its Cookie header. */
function withCookie(request: Request, setCookie: string): Request {
  const pair = setCookie.split(";")[0]!.trim();
  const name = pair.slice(0, pair.indexOf("="));
  const others = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith(`${name}=`));
  const headers = new Headers(request.headers);
  headers.set("Cookie", [...others, pair].join("; "));
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
