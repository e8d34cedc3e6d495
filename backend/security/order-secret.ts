import { createHash } from "node:crypto";

/**
 * What an order secret (issued by getAdvertDetail) turns into. One place, so the
 * derivations cannot drift apart:
 * - the image customer key = SHA-256(secret): the "secret hashed for order" the upload
 *   call carries (hex), and the SSE-C key of the order's images (32 bytes);
 * - the lookup hash = SHA-256("lookup:" + image key hex): what the database keeps to find
 *   the secret's row. Never the key itself: a copy of the database alone must not
 *   open the image store.
 */
const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

export const imageKeyHex = (secret: string) => sha256Hex(secret);

export const lookupHashFromImageKey = (keyHex: string) => sha256Hex(`lookup:${keyHex.toLowerCase()}`);

export const lookupHashFromSecret = (secret: string) => lookupHashFromImageKey(imageKeyHex(secret));
