/**
 * The service worker (ADR 0077), built by scripts/build-worker.ts into /sw.js with the build's
 * precache list and version. It makes the site installable and keeps a shell for when there is no
 * network:
 * - install: the shell (the offline page, the stylesheet, the touches script, the icons and the
 *   manifest) in a cache of this version; the new worker takes over at once;
 * - activate: older versions' shells go; the hashed files' cache stays (a page of the old build
 *   still open asks for its own files, and they never change under one name);
 * - pages: the network first, always; without one, the offline page. A page is never stored, so
 *   no signed-in page (a balance, a card code) lands in a cache;
 * - hashed build files (/build/…): the cache first, stored on first use, so a repeat visit on a
 *   slow network fetches no script again;
 * - everything else (the API, pictures, posts) is not touched.
 */
import { onNotificationClick, onPush, type PushScope } from "./push";
import { BUILD_PREFIX, isShellRequest, OFFLINE_PATH, pruneTo } from "./shell";

declare const __PRECACHE__: string[];
declare const __VERSION__: string;

/** The few service-worker names used here (the project compiles against the DOM library). */
interface WorkerScope {
  location: Location;
  registration: { scope: string };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", fn: (e: FetchEvent) => void): void;
  addEventListener(type: "push" | "notificationclick", fn: (e: Event) => void): void;
}
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}

const sw = self as unknown as WorkerScope;
const SHELL = `shell-${__VERSION__}`;
const ASSETS = "build-files";
/** Hashed files kept across versions: enough for two builds' first pages. */
const ASSETS_KEPT = 80;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // The offline page as a guest sees it: nothing of anyone's session is stored.
      await cache.addAll(__PRECACHE__.map((url) => new Request(url, { credentials: "omit", cache: "reload" })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("shell-") && name !== SHELL) await caches.delete(name);
      await pruneTo(await caches.open(ASSETS), ASSETS_KEPT);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === "navigate") return event.respondWith(networkOrOffline(request));
  if (url.pathname.startsWith(BUILD_PREFIX)) return event.respondWith(cacheFirst(request));
  if (isShellRequest(url.pathname, __PRECACHE__)) return event.respondWith(fromShell(request));
});

// Web Push (ADR 0079): show what our server sent; a tap opens its page.
sw.addEventListener("push", onPush(sw as unknown as PushScope));
sw.addEventListener("notificationclick", onNotificationClick(sw as unknown as PushScope));

async function networkOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PATH, { cacheName: SHELL })) ?? Response.error();
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const hit = (await caches.match(request, { cacheName: SHELL })) ?? (await caches.match(request, { cacheName: ASSETS }));
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(ASSETS).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function fromShell(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL })) ?? fetch(request);
}
