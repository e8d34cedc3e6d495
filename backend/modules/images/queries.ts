import { sql } from "kysely";
import type { Executor } from "../../db/index";
import { countRows } from "../../db/count";

/** The kinds of upload (the contract's UploadImageType values). */
export type UploadKind = "order" | "avatar" | "cert" | "payment" | "evidence" | "support";

/**
 * Whether an advert secret (by its hash) was issued to this user and no order has
 * used it yet: the condition for uploading order images under it.
 */
export async function secretOpenForUser(db: Executor, userId: number, secretHash: string): Promise<"open" | "unknown" | "used"> {
  const row = await db
    .selectFrom("advert_secrets as s")
    .select(["s.id", "s.used_at", sql<boolean>`exists (select 1 from orders o where o.secret_id = s.id)`.as("has_order")])
    .where("s.secret_hash", "=", secretHash)
    .where("s.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return "unknown";
  return row.used_at || row.has_order ? "used" : "open";
}

export async function countOrderUploads(db: Executor, userId: number, secretHash: string): Promise<number> {
  return countRows(db.selectFrom("uploads").where("user_id", "=", userId).where("secret_hash", "=", secretHash).where("kind", "=", "order"));
}

export async function recordUpload(
  db: Executor,
  row: { path: string; userId: number; kind: UploadKind; secretHash: string | null; bytes: number; at: Date; pixelDigest?: string | null },
): Promise<void> {
  await db
    .insertInto("uploads")
    .values({
      path: row.path,
      user_id: row.userId,
      kind: row.kind,
      secret_hash: row.secretHash,
      bytes: row.bytes,
      created_at: row.at,
      pixel_digest: row.pixelDigest ?? null,
    })
    .execute();
}

/**
 * For order/addOrder: the upload rows of the paths (as /image/uploadImage returned them, e.g.
 * "/blob/order/2026/11/<uuid>.jpg") when every one is an order image that this user uploaded
 * under this secret (by its lookup hash, as advert_secrets.secret_hash: see
 * security/order-secret.ts); undefined when any is not. The pixel digests stay server-side.
 */
export async function orderUploadsOf(db: Executor, userId: number, secretHash: string, paths: readonly string[]) {
  const wanted = [...new Set(paths)];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom("uploads")
    .select(["path", "pixel_digest"])
    .where("user_id", "=", userId)
    .where("kind", "=", "order")
    .where("secret_hash", "=", secretHash.toLowerCase())
    .where("path", "in", wanted)
    .execute();
  return rows.length === wanted.length ? rows : undefined;
}

/** Whether every path is this user's order upload under this secret; an empty list is vacuously true (the caller checks "at least one image"). */
export const uploadsBelongTo = async (db: Executor, userId: number, secretHash: string, paths: readonly string[]): Promise<boolean> =>
  (await orderUploadsOf(db, userId, secretHash, paths)) !== undefined;

/** Who uploaded a path, and under which secret hash (for the blob route's and later callers' checks). */
export async function findUpload(db: Executor, path: string) {
  return db.selectFrom("uploads").select(["path", "user_id", "kind", "secret_hash", "bytes", "created_at"]).where("path", "=", path).executeTakeFirst();
}

/** Whether every path is this user's upload of this private kind (evidence, ADR 0074; support, ADR 0078); an empty list is vacuously true. */
export async function privateUploadsBelongTo(db: Executor, userId: number, kind: "evidence" | "support", paths: readonly string[]): Promise<boolean> {
  const wanted = [...new Set(paths)];
  if (wanted.length === 0) return true;
  const n = await countRows(db.selectFrom("uploads").where("user_id", "=", userId).where("kind", "=", kind).where("path", "in", wanted));
  return n === wanted.length;
}

/** Whether every path is this user's evidence upload (ADR 0074). */
export const evidenceUploadsBelongTo = (db: Executor, userId: number, paths: readonly string[]) => privateUploadsBelongTo(db, userId, "evidence", paths);
