import type { AppLoadContext } from "~/services/kit/http.server";
import { DEFAULT_COIN_NAME, DEFAULT_NGN_RATE } from "../../../contract/constants";
import { signOutSession, snapshotIsCurrent } from "../../session.server";
import { apiFor } from "../kit/caller.server";
import { deviceHeaders, endsSignIn, sessionHeaders } from "../kit/api.server";
import { newCsrfToken } from "../kit/csrf";
import { unreadTotal } from "../chat/chat.server";

/**
 * What every page inside the main layout needs: who is signed in, the system
 * config (NGN rate, coin name, contact links for the footer), the top bar's
 * counts and a flash toast.
 */
export async function loadLayout(request: Request, context: AppLoadContext) {
  const api = await apiFor(request, context);
  const [config, notice, messages] = await Promise.all([
    api.call("/systemConfig/getSystemConfig"),
    api.signedIn ? api.call("/notice/checkNotice") : Promise.resolve(undefined),
    // The Message badge: unread chat messages (built-in chat; 0 when it does not answer).
    api.signedIn ? unreadTotal(api) : Promise.resolve(0),
  ]);
  // A token the backend no longer knows (expired, revoked): sign out locally.
  const expired = notice && !notice.ok && endsSignIn(notice);
  if (expired) signOutSession(api.session);
  // The user as the backend sees her now (a new nickname, avatar, level or desk), the session's
  // snapshot only when the call did not answer; the snapshot follows, for the routes that read it.
  const kept = expired ? undefined : api.session.get("profile");
  const current = notice?.ok ? notice.data.user : undefined;
  const renewed = current !== undefined && !snapshotIsCurrent(kept, current);
  if (renewed) api.session.set("profile", current);
  const profile = current ?? kept;
  const toast = api.session.get("toast");
  // Every page in the layout can hold a form: give the session its CSRF token once.
  let csrf = api.session.get("csrf");
  const minted = !csrf;
  if (!csrf) {
    csrf = newCsrfToken();
    api.session.set("csrf", csrf);
  }
  const headers = toast || expired || minted || renewed ? await sessionHeaders(api) : deviceHeaders(api);
  const counts = notice?.ok ? notice.data : undefined;
  return {
    data: {
      user: profile && !expired ? { id: profile.id, nickname: profile.nickname, avatar: profile.avatar, isBusiness: profile.isBusiness, level: profile.level, desks: profile.desks } : null,
      ngnRate: config.ok ? config.data.NGNRate : DEFAULT_NGN_RATE,
      coinName: config.ok ? config.data.CoinName : DEFAULT_COIN_NAME,
      contact: config.ok ? config.data.contact : {},
      counts: { orders: counts?.orderCount ?? 0, withdrawals: counts?.withdrawCount ?? 0, desk: counts?.deskWaiting ?? 0, payouts: counts?.deskWithdrawals ?? 0, unread: counts?.unRead ?? 0, messages: expired ? 0 : messages },
      notices: counts?.list ?? [],
      toast: toast ?? null,
      csrf,
    },
    headers,
  };
}

export type LayoutData = Awaited<ReturnType<typeof loadLayout>>["data"];
