import { createHash, randomBytes } from "node:crypto";
import type { Executor } from "../db/index";

/** Session tokens: 32 random bytes handed to the client once; only their SHA-256 is stored. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function issueToken(db: Executor, userId: number, now: Date, ttlHours: number) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("user_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlHours * 3600_000),
    })
    .execute();
  return token;
}

/** The user id a live token belongs to, or undefined. */
export async function resolveToken(db: Executor, token: string, now: Date): Promise<number | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await db
    .selectFrom("user_tokens")
    .select(["user_id"])
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.user_id;
}

export async function revokeToken(db: Executor, token: string, now: Date) {
  await db.updateTable("user_tokens").set({ revoked_at: now }).where("token_hash", "=", hashToken(token)).where("revoked_at", "is", null).execute();
}

export async function revokeAllTokens(db: Executor, userId: number, now: Date) {
  await db.updateTable("user_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}

/** "Authorization: <token>" or "Authorization: Bearer <token>". */
export function tokenFromHeader(value: string | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  const t = v.toLowerCase().startsWith("bearer ") ? v.slice(7).trim() : v;
  return t || undefined;
}
