import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { CODE_RESEND_SECONDS } from "../../../contract/constants";
import { enqueue } from "../../adapters/outbox";
import type { Executor } from "../../db/index";
import { fail, tooMany } from "../../http/errors";

/**
 * Verification codes: 6 digits, valid 10 minutes, 5 guesses, one send per
 * target and type every 60 s. Only a hash is kept; the plain code goes to the outbox.
 */
const VALID_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
export const WRONG_CODE = "The verification code is incorrect or has expired.";
export const CODE_GUESSES_USED = "Too many wrong codes. Please request a new code.";
export const WAIT_BEFORE_RESEND = `Please wait ${CODE_RESEND_SECONDS} seconds before requesting another code.`;

const hashCode = (target: string, type: string, code: string) =>
  createHash("sha256").update(`${target}\n${type}\n${code}`, "utf8").digest("hex");

export type CodeChannel = "email" | "sms";

/**
 * Issues a code for target and type (one per CODE_RESEND_SECONDS). `deliver: false` stores an
 * undelivered one: a FORGET for an unknown account then waits and answers exactly like one
 * for a real account, so the resend rule does not tell who is registered.
 */
export async function sendCode(db: Executor, channel: CodeChannel, target: string, type: string, now: Date, opts: { deliver?: boolean } = {}) {
  const last = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("target", "=", target)
    .where("type", "=", type)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (last && now.getTime() - new Date(last.created_at).getTime() < CODE_RESEND_SECONDS * 1000) throw tooMany(WAIT_BEFORE_RESEND);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db
    .insertInto("verification_codes")
    .values({ target, type, code_hash: hashCode(target, type, code), created_at: now, expires_at: new Date(now.getTime() + VALID_MS) })
    .execute();
  if (opts.deliver === false) return;
  await enqueue(db, { channel, recipient: target, type, code, body: `Your verification code is ${code}. It expires in 10 minutes.` }, now);
}

/**
 * Checks a code for target and type, its guess counted first (ADR 0055): one statement takes an
 * attempt on the latest live code only while it has attempts left, so of any number of parallel
 * guesses at most MAX_ATTEMPTS are compared; a right code gives its attempt back. Returns the
 * code's id for spendCode, which uses it up inside the caller's transaction.
 */
export async function checkCode(db: Executor, target: string, type: string, code: string, now: Date): Promise<number> {
  const latest = db
    .selectFrom("verification_codes")
    .select("id")
    .where("target", "=", target)
    .where("type", "=", type)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1);
  const row = await db
    .updateTable("verification_codes")
    .set({ attempts: sql`attempts + 1` })
    .where("id", "=", latest)
    .where("attempts", "<", MAX_ATTEMPTS)
    .returning(["id", "code_hash"])
    .executeTakeFirst();
  if (!row) {
    // A live code with no guesses left says so: the user needs a new one, not another try.
    const spent = await latest.select("attempts").executeTakeFirst();
    throw spent ? tooMany(CODE_GUESSES_USED) : fail(WRONG_CODE);
  }
  const expected = Buffer.from(row.code_hash, "hex");
  const given = Buffer.from(hashCode(target, type, code), "hex");
  if (!timingSafeEqual(expected, given)) throw fail(WRONG_CODE);
  await db.updateTable("verification_codes").set({ attempts: sql`greatest(attempts - 1, 0)` }).where("id", "=", row.id).execute();
  return row.id;
}

/** Uses up a code checkCode passed, as a compare-and-set in the caller's transaction: of two uses of one code, one wins. */
export async function spendCode(trx: Executor, codeId: number, now: Date): Promise<void> {
  const used = await trx.updateTable("verification_codes").set({ consumed_at: now }).where("id", "=", codeId).where("consumed_at", "is", null).executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw fail(WRONG_CODE);
}
