import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Code } from "../../../contract/envelope";
import { BlobKeyError, BlobNotFoundError, type BlobStore } from "../../adapters/blob-store";
import type { Services } from "../../http/context";
import { jsonResponse } from "../../http/json-response";
import { AVATAR_NAME, AVATAR_URL_PREFIX, BLOB_KEY_HEADER, avatarImageKey, blobPathOf } from "./keys";

/**
 * GET /blob/<path>: an order image, for a request presenting its customer key
 * (header x-blob-key: base64 of the 32 bytes), SSE-C style. A missing or wrong key
 * is 403; only order images are served (KYC images never leave through here).
 */
export async function serveBlob(services: Pick<Services, "blobs">, request: Request, log: (line: string) => void): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return jsonResponse({ code: Code.INVALID, msg: "Use GET." }, 405);
  const url = new URL(request.url);
  const key = blobPathOf(url.pathname);
  if (!key || !key.startsWith("order/")) return jsonResponse({ code: Code.NOT_FOUND, msg: "Image not found." }, 404);
  const header = request.headers.get(BLOB_KEY_HEADER) ?? "";
  const customerKey = /^[A-Za-z0-9+/]{43}=$/.test(header.trim()) ? Buffer.from(header.trim(), "base64") : undefined;
  if (!customerKey || customerKey.length !== 32) return jsonResponse({ code: Code.FORBIDDEN, msg: "The image key is missing or wrong." }, 403);
  let bytes: Buffer;
  try {
    bytes = await (services.blobs as BlobStore).get(key, customerKey);
  } catch (err) {
    if (err instanceof BlobKeyError) return jsonResponse({ code: Code.FORBIDDEN, msg: "The image key is missing or wrong." }, 403);
    if (err instanceof BlobNotFoundError) return jsonResponse({ code: Code.NOT_FOUND, msg: "Image not found." }, 404);
    const ref = randomUUID().slice(0, 8);
    log(`[backend] /blob failed (ref ${ref}): ${err instanceof Error ? err.message : String(err)}`);
    return jsonResponse({ code: Code.INTERNAL, msg: `Server internal error (ref ${ref})` }, 500);
  }
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": "image/jpeg",
      "content-length": String(bytes.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * GET /files/avatar/<uuid>.jpg: a public avatar from the blob store, cached for a year.
 * Avatars uploaded before they moved to the blob store are still read from
 * DATA_DIR/files/avatar/.
 */
export async function serveAvatar(services: Pick<Services, "blobs" | "secrets" | "config">, request: Request, log: (line: string) => void): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return jsonResponse({ code: Code.INVALID, msg: "Use GET." }, 405);
  const name = new URL(request.url).pathname.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_NAME.test(name)) return jsonResponse({ code: Code.NOT_FOUND, msg: "Image not found." }, 404);
  let bytes: Buffer | undefined;
  try {
    bytes = await services.blobs.get(`avatar/${name}`, avatarImageKey(services.secrets));
  } catch (err) {
    if (!(err instanceof BlobNotFoundError)) {
      const ref = randomUUID().slice(0, 8);
      log(`[backend] avatar failed (ref ${ref}): ${err instanceof Error ? err.message : String(err)}`);
      return jsonResponse({ code: Code.INTERNAL, msg: `Server internal error (ref ${ref})` }, 500);
    }
    bytes = await readFile(join(services.config.DATA_DIR, "files", "avatar", name)).catch(() => undefined);
  }
  if (!bytes) return jsonResponse({ code: Code.NOT_FOUND, msg: "Image not found." }, 404);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), {
    status: 200,
    headers: {
      "content-type": "image/jpeg",
      "content-length": String(bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
