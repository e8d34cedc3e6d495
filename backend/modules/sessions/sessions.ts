import { createHmac } from "node:crypto";
import { SESSION_ID_LENGTH, type SignedInSession } from "../../../contract/calls/sessions";
import { transaction, type DB, type Executor } from "../../db/index";
import { fail, notFound } from "../../http/errors";
import type { SecretBox } from "../../security/secret-box";
import { hashToken, revokeAllTokens } from "../../security/tokens";
import { deviceLabel } from "./device-label";
import { placeOf } from "./place";

/**
 * The sessions an account can see and end (ADR 0058). A session is named by a keyed hash of its
 * token's hash: stable, opaque, and worth nothing to anyone who reads it (it is not the token,
 * and the token cannot be made from it).
 */
const ID_LABEL = "session-id-v1";

export const NOT_THIS_SESSION = "This is the device you are using. To sign out here, use Sign out in the menu.";

function idMaker(secrets: SecretBox) {
  const key = secrets.deriveKey(ID_LABEL);
  return (tokenHash: string) => createHmac("sha256", key).update(tokenHash, "utf8").digest("base64url").slice(0, SESSION_ID_LENGTH);
}

/** The caller's sessions that still sign in (not signed out, not expired), with the token hash each is known by here. */
function liveSessions(db: Executor, userId: number, now: Date) {
  return db
    .selectFrom("user_tokens")
    .select(["token_hash", "created_at", "last_seen_at", "ip", "user_agent", "device_hash"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}

/**
 * A device signed out from elsewhere is no longer one the account knows (ADR 0055): its next
 * sign-in is news to the owner again, and draws on the budget strangers share. Never the device
 * the owner is using.
 */
async function forgetDevices(db: Executor, userId: number, devices: Array<string | null>, keep: string | null) {
  const gone = [...new Set(devices)].filter((d): d is string => d !== null && d !== keep);
  if (gone.length > 0) await db.deleteFrom("known_devices").where("user_id", "=", userId).where("device_hash", "in", gone).execute();
}

/** This session first, then the most recently used. */
export async function listSessions(db: Executor, secrets: SecretBox, userId: number, token: string, now: Date): Promise<SignedInSession[]> {
  const idOf = idMaker(secrets);
  const mine = hashToken(token);
  const rows = await liveSessions(db, userId, now);
  return rows
    .map((r) => {
      const firstSeen = new Date(r.created_at).getTime();
      return {
        id: idOf(r.token_hash),
        device: deviceLabel(r.user_agent),
        place: placeOf(r.ip),
        firstSeen,
        lastSeen: r.last_seen_at ? new Date(r.last_seen_at).getTime() : firstSeen,
        current: r.token_hash === mine,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen - a.lastSeen || b.firstSeen - a.firstSeen);
}

/**
 * Signs out one of the caller's other sessions; its device hears why on its next call. An id that
 * names none of the caller's live sessions (another account's, an ended one, a made-up one) is
 * "Session not found.", so ids cannot be probed.
 */
export async function signOutSession(db: DB, secrets: SecretBox, userId: number, token: string, id: string, now: Date): Promise<void> {
  const idOf = idMaker(secrets);
  const mine = hashToken(token);
  const live = await liveSessions(db, userId, now);
  const target = live.find((r) => idOf(r.token_hash) === id);
  if (!target) throw notFound("Session");
  if (target.token_hash === mine) throw fail(NOT_THIS_SESSION);
  await transaction(db, async (trx) => {
    const ended = await trx
      .updateTable("user_tokens")
      .set({ revoked_at: now, revoked_reason: "signed_out_elsewhere" })
      .where("token_hash", "=", target.token_hash)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .returning("device_hash")
      .execute();
    await forgetDevices(trx, userId, ended.map((r) => r.device_hash), live.find((r) => r.token_hash === mine)?.device_hash ?? null);
  });
}

/** Signs out every session of the caller's but this one: how many it ended. */
export async function signOutOtherSessions(db: DB, userId: number, token: string, now: Date): Promise<number> {
  return transaction(db, async (trx) => {
    const ended = await revokeAllTokens(trx, userId, now, "signed_out_elsewhere", token);
    const mine = await trx.selectFrom("user_tokens").select("device_hash").where("token_hash", "=", hashToken(token)).executeTakeFirst();
    await forgetDevices(trx, userId, ended, mine?.device_hash ?? null);
    return ended.length;
  });
}
