import { createCookie } from "~/services/kit/http.server";
import { webEnv } from "../../env.server";

/**
 * The home promo popup shows once per browser session (docs/product/screens.md). A session
 * cookie (no Max-Age/Expires, so it ends with the browser session), HttpOnly,
 * SameSite=Lax, set by the loader that shows the popup: it works without JavaScript.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
/** Made at first use, not at import: an edge entry hands its settings over only then (env.server.ts). */
function promoSeenCookie() {
  cookie ??= createCookie("promo_seen", { httpOnly: true, sameSite: "lax", path: "/", secure: webEnv().NODE_ENV === "production" });
  return cookie;
}

export async function promoSeen(request: Request): Promise<boolean> {
  const value = (await promoSeenCookie().parse(request.headers.get("Cookie"))) as unknown;
  return value === "1";
}

export function markPromoSeen(): Promise<string> {
  return promoSeenCookie().serialize("1");
}
