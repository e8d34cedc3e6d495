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

/** Why every session of a user was ended (the user hears it on the next call of a device still holding one). */
export type SessionEnd = "password_changed" | "password_reset";

/** What the user is told when a call comes with a token that a SessionEnd ended. */
export const SESSION_END_MESSAGES: Record<SessionEnd, string> = {
  password_changed: "Your login password was changed. Please sign in again.",
  password_reset: "Your login password was reset. Please sign in again.",
};

/** The user id a live token belongs to, or undefined. */
export async function resolveToken(db: Executor, token: string, now: Date): Promise<number | undefined> {
  return (await tokenState(db, token, now)).userId;
}

/** The user of a live token; for a token ended by a SessionEnd, the message that says why. */
export async function tokenState(db: Executor, token: string, now: Date): Promise<{ userId?: number; endedBecause?: string }> {
  if (!token || token.length > 200) return {};
  const row = await db
    .selectFrom("user_tokens")
    .select(["user_id", "revoked_at", "revoked_reason", "expires_at"])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || new Date(row.expires_at) <= now) return {};
  if (row.revoked_at === null) return { userId: row.user_id };
  return { endedBecause: SESSION_END_MESSAGES[row.revoked_reason as SessionEnd] };
}

export async function revokeToken(db: Executor, token: string, now: Date) {
  await db.updateTable("user_tokens").set({ revoked_at: now }).where("token_hash", "=", hashToken(token)).where("revoked_at", "is", null).execute();
}

export async function revokeAllTokens(db: Executor, userId: number, now: Date, reason: SessionEnd) {
  await db
    .updateTable("user_tokens")
    .set({ revoked_at: now, revoked_reason: reason })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** "Authorization: <token>" or "Authorization: Bearer <token>". */
export function tokenFromHeader(value: string | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  const t = v.toLowerCase().startsWith("bearer ") ? v.slice(7).trim() : v;
  return t || undefined;
}
