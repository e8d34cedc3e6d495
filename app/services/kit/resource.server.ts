/**
 * The answers of resource routes (a picture, a file, and the text when there is none), so none
 * writes its own cache headers. A signed-in user's picture and the 404 in its place are hers
 * alike: both are NO_STORE ("private, no-store"), and nosniff, so a picture is never read as a page.
 */
import { combineHeaders, NO_STORE } from "./http.server";

const NOSNIFF = { "X-Content-Type-Options": "nosniff" } as const;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp"]);
/** A file whose name changes when it does (an avatar): a year in every cache. */
const IMMUTABLE = { "Cache-Control": "public, max-age=31536000, immutable" } as const;

/** What a resource route answers when it has nothing to give (an image that is not there): plain text, never stored. */
export function notFoundText(text: string, status = 404): Response {
  return new Response(text, { status, headers: combineHeaders({ "Content-Type": "text/plain; charset=utf-8" }, NO_STORE, NOSNIFF) });
}

/**
 * A picture the backend streams (a blob of an order, an avatar), passed through with its length.
 * "private" (the default): never stored; "immutable": as the backend says, else a year anywhere.
 */
export function streamedImage(upstream: Response, { type, caching = "private" }: { type?: string; caching?: "private" | "immutable" } = {}): Response {
  const cache = caching === "private" ? NO_STORE : { "Cache-Control": upstream.headers.get("Cache-Control") ?? IMMUTABLE["Cache-Control"] };
  const headers = combineHeaders({ "Content-Type": type ?? upstream.headers.get("Content-Type") ?? "image/jpeg" }, cache, NOSNIFF);
  const length = upstream.headers.get("Content-Length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}

/** A private picture the backend answered as {contentType, base64}: never stored; an unknown type is served as bytes. */
export function privateImage(picture: { contentType: string; base64: string }): Response {
  const type = IMAGE_TYPES.has(picture.contentType) ? picture.contentType : "application/octet-stream";
  const bytes = Uint8Array.from(atob(picture.base64), (c) => c.charCodeAt(0));
  return new Response(bytes, { headers: combineHeaders({ "Content-Type": type, "Content-Length": String(bytes.length) }, NO_STORE, NOSNIFF) });
}

/**
 * A private file the backend answered as base64 (a receipt's PDF, ADR 0075), to be saved, not
 * shown: an attachment under its name, never stored by any cache.
 */
export function privateDownload(file: { base64: string; fileName: string }, contentType: string): Response {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  // The name is ours (a reference number), but quotes and non-ASCII could never break the header.
  const name = file.fileName.replace(/[^\w.-]/g, "_");
  return new Response(bytes, {
    headers: combineHeaders(
      { "Content-Type": contentType, "Content-Length": String(bytes.length), "Content-Disposition": `attachment; filename="${name}"` },
      NO_STORE,
      NOSNIFF,
    ),
  });
}
