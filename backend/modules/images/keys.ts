import { assertBlobPath } from "../../adapters/blob-store";
import type { SecretBox } from "../../security/secret-box";

/**
 * Where each kind of image is kept and under which key (docs/decisions/0007, last paragraph):
 * - order: `secret` = hex SHA-256 of the order secret; those 32 bytes are the customer key.
 *   Stored encrypted under order/<yyyy>/<mm>/<uuid>.jpg, answered as "/blob/order/...".
 * - avatar: public. Stored in the blob store (local or S3, so every process serves it) under
 *   avatar/<uuid>.jpg with a key derived from the data key, answered as "/files/avatar/<uuid>.jpg"
 *   and served there by serveAvatar to anyone, cached for a year (the name never changes).
 * - cert (KYC): encrypted under a key derived from the data key, "/blob/cert/...", never served by /blob.
 * - payment (a withdrawer's proof of payout; withdrawers only): encrypted under a key derived from the
 *   data key, "/blob/payment/...", never served by /blob: only the withdrawal's owner and its withdrawer
 *   get it, through calls that check who asks (docs/decisions/0008-withdrawals.md).
 * - evidence (a picture added in a dispute): encrypted under a key derived from the data key,
 *   "/blob/evidence/...", never served by /blob: only the order's seller, its merchant and staff get
 *   it, through calls that check who asks (docs/decisions/0074-dispute-evidence.md).
 * - support (a picture in a support ticket): the same, "/blob/support/...", for the ticket's owner
 *   and staff only (docs/decisions/0078-support-tickets.md).
 */

export const BLOB_URL_PREFIX = "/blob/";
/** The header carrying base64 of the 32-byte customer key on GET /blob/<path>. */
export const BLOB_KEY_HEADER = "x-blob-key";

/** The customer key of an order's images: the 32 bytes of the secret hash (SHA-256 of the order secret). */
export const orderImageKey = (secretHash: string): Buffer => Buffer.from(secretHash, "hex");

/** The key of a KYC image: derived from the server's data key and the blob path. */
export const certImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:cert:${blobPath}`);

/** The key of every avatar (public pictures; encrypted at rest like every blob). */
export const avatarImageKey = (secrets: SecretBox): Buffer => secrets.deriveKey("blob:avatar");

export const AVATAR_URL_PREFIX = "/files/avatar/";
export const AVATAR_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/;

/** The key of a payment picture: derived from the server's data key and the blob path. */
export const paymentImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:payment:${blobPath}`);

/** The key of an evidence picture: derived from the server's data key and the blob path. */
export const evidenceImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:evidence:${blobPath}`);

/** The key of a support ticket's picture: derived from the server's data key and the blob path. */
export const supportImageKey = (secrets: SecretBox, blobPath: string): Buffer => secrets.deriveKey(`blob:support:${blobPath}`);

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

