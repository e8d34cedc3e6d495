/**
 * Pictures after the scripts (ADR 0043). On a slow link every byte a picture takes before the
 * page's scripts have arrived makes the page usable later: a phone on slow 3G shares its 50 kB/s
 * between all the requests in flight. So, with JavaScript, a list picture marked `data-late` stays
 * out of the layout (a sized parent holds its place) until the page's load event, which comes once
 * every script is in, and then the browser's next idle moment; 5 s after the document is parsed at
 * the latest. `loading="lazy"` keeps the browser from fetching a picture that is not laid out.
 * Without JavaScript the class is never set, and such a picture loads as any lazy picture does.
 *
 * The first banner and the promo picture stay eager: they are what a visitor looks at while the
 * page loads.
 */

/** Set on <html> by the head script until the pictures may load; tailwind.css hides `img[data-late]` under it. */
export const LATE_PICTURES_CLASS = "pics-late";

/**
 * The longest the pictures wait after the document is parsed: the load event also waits for the
 * eager pictures, and one stalled on a slow host must not hold the lists' pictures back for good.
 */
const LATE_PICTURES_CAP_MS = 5000;

/** Inline in <head>, before anything is laid out. */
export const LATE_PICTURES_SCRIPT = `(function(d){function s(){d.classList.remove("${LATE_PICTURES_CLASS}")}d.classList.add("${LATE_PICTURES_CLASS}");addEventListener("load",function(){window.requestIdleCallback?requestIdleCallback(s,{timeout:1000}):s()});addEventListener("DOMContentLoaded",function(){setTimeout(s,${LATE_PICTURES_CAP_MS})})})(document.documentElement);`;

/** Props of an <img> that waits for the page's scripts (inside a parent that holds its size). */
export const latePicture = { loading: "lazy", "data-late": "" } as const;
