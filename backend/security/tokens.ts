import { createHash, randomBytes } from "node:crypto";
import type { Executor } from "../db/index";
import type { User } from "../db/schema";

/** Session tokens: 32 random bytes handed to the client once; only their SHA-256 is stored. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Where a session began: the device (a keyed hash), the address and the browser. */
export interface SessionOrigin {
  device: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function issueToken(db: Executor, userId: number, now: Date, ttlHours: number, origin?: SessionOrigin) {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("user_tokens")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlHours * 3600_000),
      device_hash: origin?.device ?? null,
      ip: origin?.ip ?? null,
      user_agent: origin?.userAgent ?? null,
      last_seen_at: now,
    })
    .execute();
  return token;
}

/** Why a session was ended for its device (the user hears it on the next call of that device). */
export type SessionEnd = "password_changed" | "password_reset" | "signed_out_elsewhere";

/** What the user is told when a call comes with a token that a SessionEnd ended. */
export const SESSION_END_MESSAGES: Record<SessionEnd, string> = {
  password_changed: "Your login password was changed. Please sign in again.",
  password_reset: "Your login password was reset. Please sign in again.",
  signed_out_elsewhere: "You were signed out from another device.",
};

/**
 * How stale a session's last_seen_at may get before a call moves it: the sessions page shows it
 * to the minute or so, and one write per token per interval keeps it off the hot path (ADR 0058).
 */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * The user of a live token; for a token ended by a SessionEnd, the message that says why. The
 * token and the user's row in one statement: every signed-in call asks it first, and a round trip
 * to the database is most of what a small call costs. A second statement only when the session's
 * last use is older than LAST_SEEN_EVERY_MS (touchSession).
 */
export async function sessionOf(db: Executor, token: string, now: Date): Promise<{ user?: User; endedBecause?: string }> {
  if (!token || token.length > 200) return {};
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom("user_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .selectAll("u")
    .select([
      "t.revoked_at as token_revoked_at",
      "t.revoked_reason as token_revoked_reason",
      "t.expires_at as token_expires_at",
      "t.last_seen_at as token_last_seen_at",
    ])
    .where("t.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return {};
  const { token_revoked_at, token_revoked_reason, token_expires_at, token_last_seen_at, ...user } = row;
  if (new Date(token_expires_at) <= now) return {};
  if (token_revoked_at !== null) return { endedBecause: SESSION_END_MESSAGES[token_revoked_reason as SessionEnd] };
  if (!token_last_seen_at || now.getTime() - new Date(token_last_seen_at).getTime() >= LAST_SEEN_EVERY_MS) await touchSession(db, tokenHash, now);
  return { user };
}

/**
 * Moves a session's last_seen_at to now, unless another call already did within the interval. A
 * row some transaction holds (a sign-out of every device, a password change) is skipped, not
 * waited for: the call goes on, and a later one records the use.
 */
async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await db
    .updateTable("user_tokens")
    .set({ last_seen_at: now })
    .where("token_hash", "in", (eb) =>
      eb
        .selectFrom("user_tokens")
        .select("token_hash")
        .where("token_hash", "=", tokenHash)
        .where((w) => w.or([w("last_seen_at", "is", null), w("last_seen_at", "<=", staleBefore)]))
        .forUpdate()
        .skipLocked(),
    )
    .execute();
}

export async function revokeToken(db: Executor, token: string, now: Date) {
  await db.updateTable("user_tokens").set({ revoked_at: now }).where("token_hash", "=", hashToken(token)).where("revoked_at", "is", null).execute();
}

/**
 * Ends every live session of a user for `reason`, but the caller's own (`keep`: its token) when
 * given: a password change and "sign out all other devices" leave the device that asked signed in.
 * Answers the device each ended session began on (null where the client sent none).
 */
export async function revokeAllTokens(db: Executor, userId: number, now: Date, reason: SessionEnd, keep?: string): Promise<Array<string | null>> {
  let q = db.updateTable("user_tokens").set({ revoked_at: now, revoked_reason: reason }).where("user_id", "=", userId).where("revoked_at", "is", null).where("expires_at", ">", now);
  if (keep) q = q.where("token_hash", "<>", hashToken(keep));
  return (await q.returning("device_hash").execute()).map((r) => r.device_hash);
}

/** "Authorization: <token>" or "Authorization: Bearer <token>". */
export function tokenFromHeader(value: string | null): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  const t = v.toLowerCase().startsWith("bearer ") ? v.slice(7).trim() : v;
  return t || undefined;
}
