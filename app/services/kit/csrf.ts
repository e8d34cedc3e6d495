/**
 * Cross-site request forgery, refused (docs/decisions/0015-route-kit.md).
 * Web-standard only: the Node server and an edge entry use the same checks.
 *
 * A mutating request is ours when its Origin (or, when a browser sent none, its
 * Referer) names our host. A request with neither (old browsers, privacy tools,
 * scripts) must carry the session's token, which every kit <Form> renders as a
 * hidden field, so forms keep working without JavaScript.
 */

/** The hidden field of every mutating kit <Form>. */
export const CSRF_FIELD = "csrf";

export const CROSS_SITE_REFUSED = "This request came from another site and was refused.";
export const TOKEN_MISSING = "This form has expired. Please reload the page and try again.";

export const isMutating = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());

export type OriginVerdict = "same" | "foreign" | "unknown";

interface HeaderSource {
  get(name: string): string | null | undefined;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Where a request says it comes from, compared with our own host (the Host the request was sent to). */
export function originVerdict(headers: HeaderSource, ownHost: string): OriginVerdict {
  const own = ownHost.toLowerCase();
  const origin = headers.get("origin");
  // "null": an opaque origin (sandboxed frame, file:, some redirects) is never us.
  if (origin) return origin !== "null" && hostOf(origin) === own ? "same" : "foreign";
  const referer = headers.get("referer");
  if (referer) return hostOf(referer) === own ? "same" : "foreign";
  return "unknown";
}

/** A fresh per-session token: 32 random bytes, base64url. */
export function newCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Compares without stopping at the first difference. */
export function tokensMatch(expected: string | undefined | null, given: unknown): boolean {
  if (!expected || typeof given !== "string" || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
