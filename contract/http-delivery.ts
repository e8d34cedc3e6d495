/**
 * How the web tier delivers what is not a page, the same on Node (server.ts) and on an edge
 * runtime (edge/worker.ts): cache lifetimes of static files, the content types of the build's
 * precompressed files, which compressed copy a browser takes, and how large a form post may be.
 * Web-standard only.
 */

/** Hashed build files (/build/*): the name changes with the content, so a year in every cache. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Other files of public/ (favicon, demo pictures): an hour. */
export const PUBLIC_FILES = "public, max-age=3600";

/** Content types of the files the build precompresses (scripts/precompress.ts). */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

/** The encodings the request accepts, best first among ours ("br", "gzip"); q=0 refuses one. */
export function acceptedEncodings(header: string | null | undefined): ("br" | "gzip")[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  return (["br", "gzip"] as const).filter((e) => accepted.has(e) || accepted.has("*"));
}

/**
 * The most of a form post the web tier reads (request.formData() buffers it). Plain forms are
 * small; the sell form without JavaScript posts up to 10 uncompressed photos.
 */
const FORM_MAX_BYTES = 1024 * 1024;
const SELL_FORM_MAX_BYTES = 64 * 1024 * 1024;
const SELL_FORM_PATH = /^\/sellCard\/[^/]+(\/upload)?\/?$/;
export const formBodyLimit = (pathname: string) => (SELL_FORM_PATH.test(pathname) ? SELL_FORM_MAX_BYTES : FORM_MAX_BYTES);
