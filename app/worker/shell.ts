/**
 * What the service worker (sw.ts, ADR 0077) keeps, as plain functions the tests can run.
 */
export const OFFLINE_PATH = "/offline";
export const BUILD_PREFIX = "/build/";
export const WORKER_PATH = "/sw.js";

/** A precached file other than a hashed build file (those are the build-files cache's). */
export function isShellRequest(pathname: string, precache: readonly string[]): boolean {
  return pathname !== OFFLINE_PATH && precache.includes(pathname);
}

/** The oldest entries go first (a cache lists its keys in insertion order). */
export async function pruneTo(cache: Pick<Cache, "keys" | "delete">, keep: number): Promise<number> {
  const keys = await cache.keys();
  const extra = keys.slice(0, Math.max(0, keys.length - keep));
  for (const request of extra) await cache.delete(request);
  return extra.length;
}

/** The shell: the offline page, and the files a page of the first visit needs to draw it. */
export function precacheList(files: { stylesheet: string; touches: string; statics: readonly string[] }): string[] {
  return [OFFLINE_PATH, files.stylesheet, files.touches, ...files.statics];
}
