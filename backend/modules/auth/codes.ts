import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { CODE_RESEND_SECONDS } from "../../../contract/constants";
import { Code } from "../../../contract/envelope";
import { enqueue } from "../../adapters/outbox";
import type { Executor } from "../../db/index";
import { ApiError, fail, tooMany } from "../../http/errors";

/**
 * Verification codes: 6 digits, valid 10 minutes, 5 guesses, one send per
 * target and type every 60 s. Only a hash is kept; the plain code goes to the outbox.
 */
const VALID_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;
export const WRONG_CODE = "The verification code is incorrect or has expired.";
export const WAIT_BEFORE_RESEND = `Please wait ${CODE_RESEND_SECONDS} seconds before requesting another code.`;

const hashCode = (target: string, type: string, code: string) =>
  createHash("sha256").update(`${target}\n${type}\n${code}`, "utf8").digest("hex");

export type CodeChannel = "email" | "sms";

/**
 * A wrong guess at a live code. consumeCode runs inside the caller's transaction,
 * which rolls back on this error, so the guess is counted afterwards by countWrongGuess.
 */
export class WrongCodeError extends ApiError {
  constructor(readonly codeId: number) {
    super(Code.FAILED, WRONG_CODE);
  }
}

/** Counts a wrong guess (call after the transaction that threw `err` has rolled back). */
export async function countWrongGuess(db: Executor, err: unknown) {
  if (!(err instanceof WrongCodeError)) return;
  await db.updateTable("verification_codes").set({ attempts: sql`attempts + 1` }).where("id", "=", err.codeId).execute();
}

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
 * Consumes the latest live code for target and type when it matches; refuses otherwise.
 * A wrong guess throws WrongCodeError: pass it to countWrongGuess once the transaction is over.
 */
export async function consumeCode(db: Executor, target: string, type: string, code: string, now: Date) {
  const row = await db
    .selectFrom("verification_codes")
    .selectAll()
    .where("target", "=", target)
    .where("type", "=", type)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!row || row.attempts >= MAX_ATTEMPTS) throw fail(WRONG_CODE);
  const expected = Buffer.from(row.code_hash, "hex");
  const given = Buffer.from(hashCode(target, type, code), "hex");
  if (!timingSafeEqual(expected, given)) throw new WrongCodeError(row.id);
  // Compare-and-set: of two concurrent uses of one code, one wins.
  const used = await db
    .updateTable("verification_codes")
    .set({ consumed_at: now })
    .where("id", "=", row.id)
    .where("consumed_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw fail(WRONG_CODE);
}
