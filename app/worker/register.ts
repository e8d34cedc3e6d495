/**
 * Registers the service worker (ADR 0077) once the page has loaded and gone idle: it is never on
 * the way of a first paint. Called by the touches script and by the hydrated layout alike.
 */
import { WORKER_PATH } from "./shell";

export function registerWorker(win: Window) {
  const workers = win.navigator.serviceWorker;
  if (!workers) return;
  const go = () => void workers.register(WORKER_PATH).catch((error: unknown) => console.warn("[worker]", error));
  // Safari has no requestIdleCallback.
  const idle = () => (typeof win.requestIdleCallback === "function" ? win.requestIdleCallback(go, { timeout: 5000 }) : setTimeout(go, 1000));
  if (win.document.readyState === "complete") idle();
  else win.addEventListener("load", idle, { once: true });
}
