import type { Desks, SignedInUser } from "../contract/entities";
import { createCookie, createCookieSessionStorage, type Session } from "~/services/kit/http.server";
import { webEnv } from "./env.server";

/**
 * The session proxy. The token the backend issues lives only in this HttpOnly,
 * signed cookie; the browser's scripts never see it. Beside it: a profile
 * snapshot for the top bar, the channel a visitor arrived through, and flash toasts.
 */
export interface ProfileSnapshot {
  /** The user's id (absent in sessions signed in before it was kept): one's own /userInfo page has no partner buttons. */
  id?: number;
  nickname: string;
  avatar: string;
  isBusiness: number;
  level: number;
  /** The desks the user may open (ADR 0034): the user menu's links; the desks check again themselves. */
  desks?: Desks;
}

/**
 * Whether the snapshot still says what the backend says of the user (ADR 0059): the layout reads her
 * with every page's counts and keeps the snapshot in step, writing the cookie only when it changed.
 */
export function snapshotIsCurrent(kept: ProfileSnapshot | undefined, now: SignedInUser): boolean {
  if (!kept) return false;
  const d = kept.desks;
  return (
    kept.id === now.id &&
    kept.nickname === now.nickname &&
    kept.avatar === now.avatar &&
    kept.isBusiness === now.isBusiness &&
    kept.level === now.level &&
    d !== undefined &&
    d.merchant === now.desks.merchant &&
    d.withdrawer === now.desks.withdrawer &&
    d.staff === now.desks.staff
  );
}

export interface Toast {
  id: string;
  kind: "success" | "error" | "info";
  text: string;
}

interface SessionData {
  token: string;
  profile: ProfileSnapshot;
  channel: string;
  /** When a verification code was last sent from this browser, by purpose (REGISTER, FORGET, BIND, ...), in ms. */
  codeSentAt: Record<string, number>;
  /** The session's CSRF token, rendered into every mutating form (services/kit/csrf.ts). */
  csrf: string;
}
interface FlashData {
  toast: Toast;
}

const DAY = 24 * 3600;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData, FlashData>> | undefined;
function sessionStorage() {
  if (!storage) {
    const env = webEnv();
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.NODE_ENV === "production",
        secrets: [env.SESSION_SECRET],
        maxAge: DAY, // docs/product/constants.md: the cookie default expiry is 1 day
      },
    });
  }
  return storage;
}

export type AppSession = Session<SessionData, FlashData>;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AppSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/**
 * A stable per-browser id for the IMEI/MAC headers; not tied to the account. Signed, like the
 * session: an account's known devices (ADR 0055) keep their own sign-in budget, so the id must be
 * one this web tier gave out, not a value a script made up.
 */
let device: ReturnType<typeof createCookie> | undefined;
const deviceCookie = () => {
  const env = webEnv();
  device ??= createCookie("__device", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 365 * DAY, secure: env.NODE_ENV === "production", secrets: [env.SESSION_SECRET] });
  return device;
};

export async function deviceId(request: Request): Promise<{ id: string; setCookie?: string }> {
  const existing = (await deviceCookie().parse(request.headers.get("Cookie"))) as string | null;
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) return { id: existing };
  const id = crypto.randomUUID();
  return { id, setCookie: await deviceCookie().serialize(id) };
}

export function flashToast(session: AppSession, text: string, kind: Toast["kind"] = "success") {
  session.flash("toast", { id: crypto.randomUUID(), kind, text });
}

/** Where to go back to after signing in: a same-site path only. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return `/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * The one sign-out of the web tier: drops the token and the profile from the session, keeps the
 * channel (and the CSRF token); `why` is shown on the next page. The caller commits the session.
 */
export function signOutSession(session: AppSession, why?: string): void {
  session.unset("token");
  session.unset("profile");
  if (why) flashToast(session, why, "info");
}

/** Sign the session out locally (signOutSession), committed: the Set-Cookie value. */
export async function clearSignIn(request: Request, why?: string): Promise<string> {
  const session = await getSession(request);
  signOutSession(session, why);
  return commitSession(session);
}
