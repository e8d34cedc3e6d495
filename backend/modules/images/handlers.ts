import { lookupHashFromImageKey } from "../../security/order-secret";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Code } from "../../../contract/envelope";
import { ORDER_IMAGES_MAX } from "../../../contract/constants";
import { MESSAGES } from "../../../contract/fields";
import { assertBlobPath, BlobKeyError, BlobNotFoundError, type BlobStore } from "../../adapters/blob-store";
import { requireUser, type Services } from "../../http/context";
import { fail, forbidden, invalid } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { jsonResponse } from "../../http/json-response";
import type { SecretBox } from "../../security/secret-box";
import { processImage, qualityFor, UnsupportedImageError } from "./process";
import { countOrderUploads, recordUpload, secretOpenForUser, type UploadKind } from "./queries";

/**
 * /image/uploadImage and the /blob/<path> route (docs/decisions/0007, last paragraph):
 * - order: `secret` = hex SHA-256 of the order secret; those 32 bytes are the customer key.
 *   Stored encrypted under order/<yyyy>/<mm>/<uuid>.jpg, answered as "/blob/order/...".
 * - avatar: public. Stored in the blob store (local or S3, so every process serves it) under
 *   avatar/<uuid>.jpg with a key derived from the data key, answered as "/files/avatar/<uuid>.jpg"
 *   and served there by serveAvatar to anyone, cached for a year (the name never changes).
 * - cert (KYC): encrypted under a key derived from the data key, "/blob/cert/...", never served by /blob.
 * - payment (a withdrawer's proof of payout; withdrawers only): encrypted under a key derived from the
 *   data key, "/blob/payment/...", never served by /blob: only the withdrawal's owner and its withdrawer
 *   get it, through calls that check who asks (docs/decisions/0008-withdrawals.md).
 */

export const BLOB_URL_PREFIX = "/blob/";
/** The header carrying base64 of the 32-byte customer key on GET /blob/<path>. */
export const BLOB_KEY_HEADER = "x-blob-key";

export const MSG_SECRET_INVALID = "The order secret is invalid.";
export const MSG_SECRET_UNKNOWN = "This order secret is not yours. Please open the offer again.";
export const MSG_TOO_MANY_UPLOADS = "Too many images for this order. Please open the offer again.";
/** Uploads one order secret may carry: the 10 images of an order plus retries and replacements. */
export const MAX_UPLOADS_PER_SECRET = ORDER_IMAGES_MAX * 5;

/** The customer key of an order's images: the 32 bytes of the secret hash (SHA-256 of the order secret). */
export const orderImageKey = (secretHash: string): Buffer => Buffer.from(secretHash, "hex");

/** The key of a KYC image: derived from the server's data key and the blob path. */
export const certImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:cert:${blobPath}`);

/** The key of every avatar (public pictures; encrypted at rest like every blob). */
export const avatarImageKey = (secrets: SecretBox): Buffer => secrets.deriveKey("blob:avatar");

export const AVATAR_URL_PREFIX = "/files/avatar/";
const AVATAR_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** The key of a payment picture: derived from the server's data key and the blob path. */
export const paymentImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:payment:${blobPath}`);

export const MSG_PAYMENT_WITHDRAWERS_ONLY = "Only withdrawers can upload payment pictures.";

/** "/blob/order/2026/11/x.jpg" → "order/2026/11/x.jpg"; undefined for anything else. */
export function blobPathOf(path: string): string | undefined {
  if (!path.startsWith(BLOB_URL_PREFIX)) return undefined;
  const key = path.slice(BLOB_URL_PREFIX.length);
  try {
    assertBlobPath(key);
    return key;
  } catch {
    return undefined;
  }
}

const month = (d: Date) => `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, "0")}`;

export const imageHandlers = {
  async "/image/uploadImage"(input, ctx) {
    const user = requireUser(ctx);
    // For order images: the key the client sent (hex SHA-256 of the secret) and the
    // lookup hash the database knows the secret by (a hash of the key, never the key).
    let imageKey: string | null = null;
    let secretHash: string | null = null;
    if (input.type === "order") {
      imageKey = (input.secret ?? "").trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(imageKey)) throw invalid(MSG_SECRET_INVALID);
      secretHash = lookupHashFromImageKey(imageKey);
      const state = await secretOpenForUser(ctx.db, user.id, secretHash);
      if (state === "unknown") throw fail(MSG_SECRET_UNKNOWN);
      // A secret already used by this seller's order still takes uploads: a no-JS resubmit
      // after a lost response re-uploads its files, then addOrder (idempotent on the secret)
      // answers the order it created. The extra blobs are orphans, bounded per secret.
      if ((await countOrderUploads(ctx.db, user.id, secretHash)) >= MAX_UPLOADS_PER_SECRET) throw fail(MSG_TOO_MANY_UPLOADS);
    }

    if (input.type === "payment" && !user.is_withdrawer) throw forbidden(MSG_PAYMENT_WITHDRAWERS_ONLY);

    const path = await storeUpload(ctx, {
      userId: user.id,
      type: input.type,
      bytes: new Uint8Array(await input.file.arrayBuffer()),
      imageKey,
      secretHash,
      now: ctx.now,
    });
    return { path };
  },
} satisfies HandlerGroup<"/image/uploadImage">;

/**
 * Processes an image (processImage: sniffed, upright, ≤1024 px, JPEG, no metadata), stores it
 * by kind and records the upload. The one code path of /image/uploadImage, also used by the demo
 * withdrawers for their generated payment pictures. The caller has checked who may upload what.
 */
export async function storeUpload(
  services: Pick<Services, "db" | "config" | "blobs" | "secrets">,
  u: { userId: number; type: UploadKind; bytes: Uint8Array; now: Date; imageKey?: string | null; secretHash?: string | null },
): Promise<string> {
  let jpeg: Buffer;
  try {
    ({ jpeg } = await processImage(u.bytes, { quality: qualityFor(u.type) }));
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw invalid(MESSAGES.unsupportedImage);
    throw err;
  }

  const id = randomUUID();
  let path: string;
  if (u.type === "avatar") {
    await services.blobs.put(`avatar/${id}.jpg`, jpeg, avatarImageKey(services.secrets));
    path = `${AVATAR_URL_PREFIX}${id}.jpg`;
  } else {
    const key = `${u.type}/${month(u.now)}/${id}.jpg`;
    const customerKey =
      u.type === "order"
        ? orderImageKey(u.imageKey!)
        : u.type === "payment"
          ? paymentImageKey(services.secrets, key)
          : certImageKey(services.secrets, key);
    await services.blobs.put(key, jpeg, customerKey);
    path = BLOB_URL_PREFIX + key;
  }
  await recordUpload(services.db, { path, userId: u.userId, kind: u.type, secretHash: u.secretHash ?? null, bytes: jpeg.length, at: u.now });
  return path;
}

/** A stored payment picture's bytes ("/blob/payment/..." path); undefined when it is missing. */
export async function readPaymentPicture(services: Pick<Services, "blobs" | "secrets">, path: string): Promise<Buffer | undefined> {
  const key = blobPathOf(path);
  if (!key || !key.startsWith("payment/")) return undefined;
  try {
    return await services.blobs.get(key, paymentImageKey(services.secrets, key));
  } catch (err) {
    if (err instanceof BlobNotFoundError || err instanceof BlobKeyError) return undefined;
    throw err;
  }
}

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
