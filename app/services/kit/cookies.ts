/**
 * A plain cookie the browser sent: one the page or the server wrote as is (`tz`, `css`), not a
 * signed or encoded Remix cookie (http.server.ts has those). Web-standard, so both bundles may
 * use it.
 */
export function plainCookie(request: Request, name: string): string | null {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.get("Cookie") ?? "");
  return m ? m[1]! : null;
}
