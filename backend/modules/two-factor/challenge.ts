import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { User } from "../../db/schema";
import type { CallContext } from "../../http/context";

/**
 * The sign-in's second step is asked for with a challenge (ADR 0057): what a right password earns
 * when two-factor is on, instead of a token. It is signed (HMAC with a key derived for it alone),
 * expires after CHALLENGE_SECONDS, and is bound to the account, to the device the password came
 * from (the web tier's signed device id, ADR 0055) and to the password itself: presented from
 * another device, after a password change, or late, it is refused, and the password is asked again.
 * Nothing is stored: the signature is the state.
 */
export const CHALLENGE_SECONDS = 5 * 60;
const LABEL = "two-factor-challenge-v1";

export interface TwoFactorChallenge {
  challenge: string;
  /** Milliseconds. */
  expiresAt: number;
}

function mac(ctx: Pick<CallContext, "secrets">, head: string, device: string | null, passwordHash: string): string {
  return createHmac("sha256", ctx.secrets.deriveKey(LABEL)).update(`${head}|${device ?? ""}|${passwordHash}`, "utf8").digest("base64url");
}

export function issueChallenge(ctx: Pick<CallContext, "secrets" | "now">, user: Pick<User, "id" | "password_hash">, device: string | null): TwoFactorChallenge {
  const expiresAt = ctx.now.getTime() + CHALLENGE_SECONDS * 1000;
  const head = `${user.id}.${expiresAt}.${randomBytes(9).toString("base64url")}`;
  return { challenge: `${head}.${mac(ctx, head, device, user.password_hash)}`, expiresAt };
}

/** The account a challenge names, before its signature is checked (to read the password it is bound to). */
export function challengeUserId(challenge: string): number | null {
  const id = Number(challenge.split(".")[0]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether `challenge` was issued for this user, device and password, and has not expired. */
export function challengeHolds(
  ctx: Pick<CallContext, "secrets" | "now">,
  challenge: string,
  user: Pick<User, "id" | "password_hash">,
  device: string | null,
): boolean {
  const parts = challenge.split(".");
  if (parts.length !== 4) return false;
  const [id, expiresAt, nonce, given] = parts as [string, string, string, string];
  if (Number(id) !== user.id || !(Number(expiresAt) > ctx.now.getTime())) return false;
  const want = Buffer.from(mac(ctx, `${id}.${expiresAt}.${nonce}`, device, user.password_hash));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
