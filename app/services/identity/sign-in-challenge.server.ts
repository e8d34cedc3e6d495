/**
 * A sign-in between its two steps (ADR 0057). The password step of an account with two-factor on
 * answers a challenge, not a token: it waits here, in its own short-lived HttpOnly cookie (signed
 * like the session, sent only to /login…), until the code step completes the sign-in. The session
 * cookie holds no token before then. The backend binds the challenge to this browser's device id
 * and to the password, so the cookie is worth nothing elsewhere or later.
 */
import { createCookie } from "~/services/kit/http.server";
import { webEnv } from "../../env.server";

export interface PendingSignIn {
  challenge: string;
  /** Milliseconds. */
  expiresAt: number;
  /** Where to go once signed in (same-site; safeRedirect checks it again). */
  redirectTo: string | null;
}

/** Where the second step is asked for. */
export const SIGN_IN_CODE_PATH = "/login/twoFactor";

let cookie: ReturnType<typeof createCookie> | undefined;
const pendingCookie = () => {
  const env = webEnv();
  cookie ??= createCookie("__signin", { httpOnly: true, sameSite: "lax", path: "/login", secure: env.NODE_ENV === "production", secrets: [env.SESSION_SECRET] });
  return cookie;
};

/** The sign-in waiting for its code, unless there is none or it has run out. */
export async function pendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const v = (await pendingCookie().parse(request.headers.get("Cookie"))) as Partial<PendingSignIn> | null;
  if (!v || typeof v.challenge !== "string" || typeof v.expiresAt !== "number" || v.expiresAt <= Date.now()) return null;
  return { challenge: v.challenge, expiresAt: v.expiresAt, redirectTo: typeof v.redirectTo === "string" ? v.redirectTo : null };
}

/** Set-Cookie that keeps the sign-in until its challenge runs out. */
export function rememberSignIn(p: PendingSignIn): Promise<string> {
  return pendingCookie().serialize(p, { maxAge: Math.max(1, Math.ceil((p.expiresAt - Date.now()) / 1000)) });
}

/** Set-Cookie that drops it (signed in, or asked for the password again). */
export function forgetSignIn(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}
