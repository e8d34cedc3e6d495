/**
 * Web Push in the service worker (ADR 0079): `push` shows what our server sent (title, body, the
 * app's icon, a tag so a newer push about the same order replaces the older one, and the page to
 * open); `notificationclick` brings a tab already on that page to the front, or opens it.
 */

/** What a push's data is read as; anything else shows a plain notice that opens the notices. */
export interface ShownPush {
  title: string;
  options: { body: string; icon: string; badge: string; tag: string; data: { url: string } };
}

export const PUSH_ICON = "/icons/icon-192.png";
const FALLBACK = { title: "GiftMarket", body: "You have a new notice.", url: "/notices", tag: "notice" };

/** Only a path of ours opens: a push can never send her to another site. */
const ownPath = (url: unknown): string => (typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : FALLBACK.url);
const text = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() !== "" ? v : fallback);

export function shownPush(data: unknown): ShownPush {
  const d = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  return {
    title: text(d.title, FALLBACK.title),
    options: { body: text(d.body, FALLBACK.body), icon: PUSH_ICON, badge: PUSH_ICON, tag: text(d.tag, FALLBACK.tag), data: { url: ownPath(d.url) } },
  };
}

/** The few worker names used here (the project compiles against the DOM library). */
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
export interface PushScope {
  location: { origin: string };
  registration: { showNotification(title: string, options: ShownPush["options"]): Promise<void> };
  clients: { matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
}
interface PushEventLike extends Event {
  data: { json(): unknown } | null;
  waitUntil(p: Promise<unknown>): void;
}
interface ClickEventLike extends Event {
  notification: { close(): void; data?: { url?: unknown } };
  waitUntil(p: Promise<unknown>): void;
}

export function onPush(scope: PushScope) {
  return (event: Event) => {
    const e = event as PushEventLike;
    let data: unknown = null;
    try {
      data = e.data?.json() ?? null;
    } catch {
      // Not JSON: the plain notice.
    }
    const shown = shownPush(data);
    e.waitUntil(scope.registration.showNotification(shown.title, shown.options));
  };
}

/** Bringing a tab to the front may be refused (the browser decides): the page is there all the same. */
const front = (c: WindowClientLike) => c.focus().catch(() => undefined);

/** A tab already on the page: to the front. Else a tab of ours: there. Else a new window. */
export async function openPage(scope: PushScope, path: string): Promise<void> {
  const url = new URL(ownPath(path), scope.location.origin).href;
  const tabs = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = tabs.find((c) => c.url === url);
  if (same) return void (await front(same));
  const ours = tabs.find((c) => c.url.startsWith(scope.location.origin) && typeof c.navigate === "function");
  if (ours) {
    await ours.navigate!(url);
    return void (await front(ours));
  }
  await scope.clients.openWindow(url);
}

export function onNotificationClick(scope: PushScope) {
  return (event: Event) => {
    const e = event as ClickEventLike;
    e.notification.close();
    e.waitUntil(openPage(scope, ownPath(e.notification.data?.url)));
  };
}
