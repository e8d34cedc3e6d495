import { createHmac } from "node:crypto";
import { comparableCardCode } from "../../../contract/card-codes";
import { OrderStatus } from "../../../contract/enums";
import { cardAlreadyInOpenOrder } from "../../../contract/messages";
import { orderFinished } from "../../../contract/order-rules";
import type { Trx } from "../../db/index";
import { lockKeys, USER_LOCK } from "../../db/user-locks";
import { conflict } from "../../http/errors";
import type { SecretBox } from "../../security/secret-box";

/**
 * Fingerprints of the cards an order carries, to find one card sold twice
 * (docs/decisions/0033-duplicate-cards.md):
 *
 *   digest = hex HMAC-SHA256(key, kind ‖ 0x00 ‖ data),  key = HKDF-SHA256(data key, "card-fingerprint")
 *   code:  data = UTF-8 of comparableCardCode(code)   (contract/card-codes.ts: case, spaces, dashes)
 *   image: data = width, height, channels (u32 big-endian) ‖ the decoded pixels as stored
 *
 * Keyed, never a plain hash: codes are short, so a plain hash could be reversed by trying them
 * all; without the data key a copy of the database cannot. The key comes from the data key the
 * server already has (DATA_ENCRYPTION_KEY, or the one generated into DATA_DIR), so nothing new
 * is configured. Digests stay in the database: no response, log or message carries one.
 */

export type FingerprintKind = "code" | "image";
export interface Fingerprint {
  kind: FingerprintKind;
  digest: string;
}

/** Decoded pixels: 8 bits a channel, rows top first. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

const KEY_LABEL = "card-fingerprint";

function digestOf(secrets: SecretBox, kind: FingerprintKind, parts: readonly Uint8Array[]): string {
  const mac = createHmac("sha256", secrets.deriveKey(KEY_LABEL)).update(`${kind}\0`, "utf8");
  for (const part of parts) mac.update(part);
  return mac.digest("hex");
}

/** One fingerprint per distinct code; a code that normalises to nothing ("---") has none. */
export function codeFingerprints(secrets: SecretBox, codes: readonly string[]): Fingerprint[] {
  const comparable = new Set(codes.map(comparableCardCode).filter((c) => c !== ""));
  return [...comparable].map((c) => ({ kind: "code", digest: digestOf(secrets, "code", [Buffer.from(c, "utf8")]) }));
}

/** The digest of a picture's pixels: the same picture in another file format or with other metadata has the same one. */
export function imageDigest(secrets: SecretBox, p: Pixels): string {
  const size = Buffer.alloc(12);
  size.writeUInt32BE(p.width, 0);
  size.writeUInt32BE(p.height, 4);
  size.writeUInt32BE(p.channels, 8);
  return digestOf(secrets, "image", [size, p.data]);
}

/** The distinct image fingerprints of an order's uploads (uploads made before migration 019 have none). */
export function imageFingerprints(digests: readonly (string | null)[]): Fingerprint[] {
  return [...new Set(digests.filter((d): d is string => d !== null))].map((digest) => ({ kind: "image", digest }));
}

/** An earlier order that carried one of the cards. */
export interface EarlierOrder {
  id: number;
  sellerId: number;
  status: number;
}

/**
 * What the earlier orders (not cancelled, oldest first) mean for a new order of `sellerId`:
 * refused when one is the seller's own and still open (the card is on its way already), else
 * placed, flagged with the earliest one (another seller's, or the seller's own finished one).
 */
export function judgeDuplicates(earlier: readonly EarlierOrder[], sellerId: number): { refuseFor: number } | { duplicateOf: number | null } {
  const ownOpen = earlier.find((o) => o.sellerId === sellerId && !orderFinished(o.status));
  if (ownOpen) return { refuseFor: ownOpen.id };
  return { duplicateOf: earlier[0]?.id ?? null };
}

/**
 * Inside addOrder's transaction, once the secret is claimed (so a resubmission of the same form
 * still answers its order) and before the order is written: waits for any other sale of one of
 * these cards to commit (a lock per digest, so two identical submissions at once are judged one
 * after the other), then refuses the order (code 7; the transaction rolls back, nothing stays
 * written) or answers the id of the order it duplicates.
 */
export async function duplicateOfEarlier(trx: Trx, prints: readonly Fingerprint[], sellerId: number): Promise<number | null> {
  if (prints.length === 0) return null;
  // 32 bits of each digest: two cards sharing a key only wait for each other, never pass unseen.
  await lockKeys(trx, USER_LOCK.cardFingerprint, prints.map((p) => Buffer.from(p.digest.slice(0, 8), "hex").readInt32BE(0)));
  const rows = await trx
    .selectFrom("card_fingerprints as f")
    .innerJoin("orders as o", "o.id", "f.order_id")
    .select(["o.id", "f.seller_id", "o.status"])
    .distinct()
    .where("f.digest", "in", prints.map((p) => p.digest))
    .where("o.status", "<>", OrderStatus.Cancelled)
    .orderBy("o.id")
    .execute();
  const verdict = judgeDuplicates(rows.map((r) => ({ id: r.id, sellerId: r.seller_id, status: r.status })), sellerId);
  if ("refuseFor" in verdict) throw conflict(cardAlreadyInOpenOrder(verdict.refuseFor));
  return verdict.duplicateOf;
}

/** The new order's fingerprints, for the orders after it. */
export async function recordFingerprints(trx: Trx, orderId: number, sellerId: number, prints: readonly Fingerprint[], now: Date): Promise<void> {
  if (prints.length === 0) return;
  await trx
    .insertInto("card_fingerprints")
    .values(prints.map((p) => ({ order_id: orderId, kind: p.kind, digest: p.digest, seller_id: sellerId, created_at: now })))
    .execute();
}
