/**
 * The server's half of document-head.tsx (ADR 0044; islands-only pages: ADR 0067). On slow 3G a page's first paint waited for
 * the stylesheet, whose fetch shares the line with the scripts': /home painted at 1.4-1.65 s
 * though the file alone takes 0.15 s. A browser that has not had this build's stylesheet (no
 * `css` cookie naming it) gets, on the routes whose handle asks, the rules its page uses inside
 * the page, the whole file linked at the page's end, and the cookie; every later document links
 * the file in its head, as before.
 */
import { plainCookie } from "../kit/cookies";
import type { EntryContext } from "../kit/http.server";
import { criticalCss, classesInHtml, parseStylesheet, type ParsedStylesheet } from "./critical-css";
import { HASH_ROUTE_SCRIPT } from "./hash-route";
import { isIslandsOnly, type IslandsHandle } from "./islands";
import { LATE_PICTURES_CLASS, LATE_PICTURES_SCRIPT } from "./late-pictures";
import { SCRIPT_CLASS, SCRIPT_CLASS_SCRIPT } from "./script-class";
import { TIME_ZONE_SCRIPT } from "./time-zone";
import { INLINE_STYLES_ELEMENT, INLINE_STYLES_MARKER, STYLESHEET_HREF, type ServerHead } from "./document-head";

/**
 * The built stylesheet's text. The compiler cannot import CSS as text, so the build writes it
 * over this marker in the server bundle (scripts/embed-stylesheet.ts); a bundle built without
 * that step keeps the marker, and every page links the file.
 */
const EMBEDDED = "__EMBEDDED_STYLESHEET__";
const STYLESHEET_TEXT: string | null = EMBEDDED.startsWith("__EMBEDDED_") ? null : EMBEDDED;

/**
 * The address of the touches script (app/touches/, ADR 0067), written over this marker by the
 * build (scripts/build-touches.ts). A bundle built without that step keeps the marker, and every
 * page hydrates as before.
 */
const TOUCHES = "__EMBEDDED_TOUCHES__";
const TOUCHES_SRC: string | null = TOUCHES.startsWith("__EMBEDDED_") ? null : TOUCHES;

/**
 * Each island's scripts, its entry first (scripts/build-islands.ts), as JSON written over this
 * marker by the build. Without that step no island is hydrated: its server markup stays.
 */
const ISLANDS = "__EMBEDDED_ISLANDS__";
const ISLAND_SCRIPTS: Record<string, readonly string[]> = ISLANDS.startsWith("__EMBEDDED_") ? {} : JSON.parse(ISLANDS);

/** The scripts of the islands a page's handle lists (those built). */
function islandScripts(handle: IslandsHandle | undefined): Record<string, readonly string[]> {
  return Object.fromEntries((handle?.islands ?? []).flatMap((name) => (ISLAND_SCRIPTS[name] ? [[name, ISLAND_SCRIPTS[name]]] : [])));
}

const HEAD_SCRIPT = HASH_ROUTE_SCRIPT + SCRIPT_CLASS_SCRIPT + LATE_PICTURES_SCRIPT + TIME_ZONE_SCRIPT;
/** Classes the head script puts on the page, which its HTML does not show. */
const SCRIPT_CLASSES = [SCRIPT_CLASS, LATE_PICTURES_CLASS];

/** A route's handle asks that a first visit carry the page's styles. */
export interface InlineStylesHandle {
  inlineStyles?: boolean;
}

const STYLESHEET_COOKIE = "css";
/** The cookie's value: the file's build hash, so a new build's stylesheet is carried once more. */
const STYLESHEET_VERSION = /-([A-Za-z0-9]+)\.css/.exec(STYLESHEET_HREF)?.[1] ?? "1";
const SEEN_COOKIE = `${STYLESHEET_COOKIE}=${STYLESHEET_VERSION}; Path=/; Max-Age=31536000; SameSite=Lax`;

function stylesheetSeen(request: Request): boolean {
  return plainCookie(request, STYLESHEET_COOKIE) === STYLESHEET_VERSION;
}

/** The head for this document: whether the page carries its styles (stylesheetSent sets the cookie). */
export function serverHead(request: Request, status: number, context: EntryContext): ServerHead {
  const leaf = context.staticHandlerContext.matches.at(-1);
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as (InlineStylesHandle & IslandsHandle) | undefined) : undefined;
  const inlineStyles = STYLESHEET_TEXT !== null && status === 200 && handle?.inlineStyles === true && !stylesheetSeen(request);
  const islandsOnly = isIslandsOnly(handle) && TOUCHES_SRC !== null;
  return { script: HEAD_SCRIPT, inlineStyles, touches: islandsOnly ? TOUCHES_SRC : null, islands: islandsOnly ? islandScripts(handle) : undefined };
}

let parsed: ParsedStylesheet | undefined;
/** Pages of one kind share their classes: the rules for a set of classes, kept for the next. */
const byClasses = new Map<string, string>();
const KEPT = 32;

/** The rules the page's classes could match. */
function rulesFor(html: string): string {
  const present = classesInHtml(html);
  for (const c of SCRIPT_CLASSES) present.add(c);
  const key = [...present].sort().join(" ");
  let rules = byClasses.get(key);
  if (rules === undefined) {
    parsed ??= parseStylesheet(STYLESHEET_TEXT ?? "");
    rules = criticalCss(parsed, present);
    if (byClasses.size >= KEPT) byClasses.delete(byClasses.keys().next().value!);
    byClasses.set(key, rules);
  }
  return rules;
}

/**
 * The rendered page with its style element filled with the rules it uses; `styled` says they went
 * in, and only then may the cookie say so (stylesheetSent). Should that fail, the element stays
 * empty: the link at the end of the page styles it, later.
 */
export function withInlineStyles(html: string): { html: string; styled: boolean } {
  const element = INLINE_STYLES_ELEMENT(INLINE_STYLES_MARKER);
  try {
    const rules = rulesFor(html);
    if (!html.includes(element)) throw new Error("no first-paint style element in the page");
    return { html: html.replace(element, () => INLINE_STYLES_ELEMENT(rules)), styled: true };
  } catch (error) {
    console.error("[first-paint-css] page sent without its rules:", error);
    return { html: html.replace(element, () => INLINE_STYLES_ELEMENT("")), styled: false };
  }
}

/** This browser now has this build's first-paint rules: its next documents link the file. */
export function stylesheetSent(headers: Headers): void {
  headers.append("Set-Cookie", SEEN_COOKIE);
}
