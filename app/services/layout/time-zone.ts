/**
 * The user's time zone on the web tier (ADR 0010): the `tz` cookie the head's script keeps, read
 * on each request. The formatting itself is contract/time-zone.ts, shared with the backend.
 */
import { plainCookie } from "../kit/cookies";
import { DEFAULT_TIME_ZONE, validTimeZone } from "../../../contract/time-zone";

export * from "../../../contract/time-zone";
export const TIME_ZONE_COOKIE = "tz";

/** The zone named by the request's `tz` cookie, or the default. */
export function timeZoneOf(request: Request): string {
  const raw = plainCookie(request, TIME_ZONE_COOKIE);
  let name: string | null = null;
  if (raw !== null) {
    try {
      name = decodeURIComponent(raw);
    } catch {
      name = null;
    }
  }
  return validTimeZone(name) ?? DEFAULT_TIME_ZONE;
}

/**
 * Inline script for <head>: stores the browser's zone in the `tz` cookie when it
 * is missing or different, so the next page the server renders uses it. It waits
 * for an idle moment: a browser's first Intl call loads its time-zone data (about
 * 100 ms on our test machine), which in <head> held up the parser, the first paint
 * and the requests for the CSS and scripts below it (ADR 0043).
 */
export const TIME_ZONE_SCRIPT = `(function(){function f(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var c="${TIME_ZONE_COOKIE}="+encodeURIComponent(z);if(z&&(";"+document.cookie.replace(/\\s/g,"")+";").indexOf(";"+c+";")<0){document.cookie=c+";path=/;max-age=31536000;samesite=lax";}}catch(e){}}window.requestIdleCallback?requestIdleCallback(f,{timeout:2000}):setTimeout(f,1);})();`;
