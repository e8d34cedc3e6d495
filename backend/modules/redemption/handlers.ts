import { BillType, WealthRecordType } from "../../../contract/enums";
import { transaction, type Trx } from "../../db/index";
import { lockUser, USER_LOCK } from "../../db/user-locks";
import { isUniqueViolation } from "../../db/errors";
import { requireRole, requireUser, type CallContext } from "../../http/context";
import { fail, invalid, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { hit, minutesLeftInWindow, peek } from "../../security/rate-limit";
import { applyBalanceChanges } from "../wallet/ledger";
import { hashRedemptionCode, newRedemptionCode } from "./codes";

/**
 * Redemption codes (docs/decisions/0019-redemption-codes.md): an administrator issues a batch of
 * single-use codes; a user redeems one, credited through the ledger in the same transaction as the
 * compare-and-set that spends it, so any number of parallel submits credit it once.
 */
export const CODE_NOT_VALID = "This redemption code is not valid.";
export const CODE_USED = "This redemption code has already been used.";
export const CODE_EXPIRED = "This redemption code has expired.";
export const CODE_LIMIT_REACHED = "You have already redeemed the most codes of this kind.";
export const tooManyCodes = (minutes: number) => `Too many wrong redemption codes. Please try again in ${minutes} minutes.`;

/** Wrong codes a user, and an IP, may send in a rate window before being refused. */
const WRONG_PER_USER = 10;
const WRONG_PER_IP = 30;

const buckets = (ctx: CallContext, userId: number) => [
  { bucket: "redeem:user", key: String(userId), limit: WRONG_PER_USER },
  { bucket: "redeem:ip", key: ctx.ip, limit: WRONG_PER_IP },
];

type Outcome = { refused: string; locked?: boolean } | { amount: number; kind: "coins" | "points" };

/**
 * One attempt, in one transaction that first takes the user's redemption lock: their attempts run one at a
 * time, so the wrong-code count read at the start includes every earlier guess (a burst of parallel
 * guesses cannot all pass it), and a wrong one is counted in the same transaction that answers it.
 * Only an unknown code is a guess; a used or expired one says nothing new.
 */
async function redeemOnce(ctx: CallContext, trx: Trx, userId: number, code: string): Promise<Outcome> {
  const w = ctx.config.RATE_WINDOW_SECONDS;
  await lockUser(trx, USER_LOCK.redemption, userId);
  const counted = await Promise.all(buckets(ctx, userId).map((b) => peek(trx, b.bucket, b.key, w, ctx.now).then((n) => n >= b.limit)));
  if (counted.some(Boolean)) return { refused: CODE_NOT_VALID, locked: true };
  const found = await trx
    .selectFrom("redemption_codes as c")
    .innerJoin("redemption_batches as b", "b.id", "c.batch_id")
    .select(["c.id", "c.batch_id", "c.redeemed_by", "b.kind", "b.value", "b.per_user_limit", "b.expires_at"])
    .where("c.code_hash", "=", hashRedemptionCode(code))
    .executeTakeFirst();
  if (!found) {
    for (const b of buckets(ctx, userId)) await hit(trx, b.bucket, b.key, b.limit, w, ctx.now);
    return { refused: CODE_NOT_VALID };
  }
  if (found.redeemed_by !== null) return { refused: CODE_USED };
  if (new Date(found.expires_at) <= ctx.now) return { refused: CODE_EXPIRED };
  // The per-user count of this batch is read under the user's redemption lock taken above.
  const mine = await trx
    .selectFrom("redemption_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("batch_id", "=", found.batch_id)
    .where("redeemed_by", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(mine.n) >= found.per_user_limit) return { refused: CODE_LIMIT_REACHED };
  // The compare-and-set that spends the code: of parallel submits (any users) exactly one finds it unused.
  const spent = await trx
    .updateTable("redemption_codes")
    .set({ redeemed_by: userId, redeemed_at: ctx.now })
    .where("id", "=", found.id)
    .where("redeemed_by", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!spent) return { refused: CODE_USED };
  const value = Number(found.value);
  if (found.kind === "coins") {
    await applyBalanceChanges(trx, userId, [{ part: "amount", delta: value }], {
      reason: "redemption code",
      refType: "redemption_code",
      refId: found.id,
      bill: { type: BillType.Income, descriptionEn: "Redemption code", transAmount: value },
    });
  } else {
    await applyBalanceChanges(trx, userId, [{ part: "wealth", delta: value }], {
      reason: "redemption code",
      refType: "redemption_code",
      refId: found.id,
      at: ctx.now,
      wealthRecord: { type: WealthRecordType.Income, descriptionEn: "Redemption code" },
    });
  }
  return { amount: value, kind: found.kind };
}

export const redemptionHandlers = {
  async "/userRedemptionCode/confirmRedemptionCode"(input, ctx) {
    const user = requireUser(ctx);
    const outcome = await transaction(ctx.db, (trx) => redeemOnce(ctx, trx, user.id, input.redemptionCode));
    if ("refused" in outcome) {
      if (outcome.locked) throw tooMany(tooManyCodes(minutesLeftInWindow(ctx.config.RATE_WINDOW_SECONDS, ctx.now)));
      throw fail(outcome.refused);
    }
    return { amount: outcome.amount, kind: outcome.kind };
  },

  async "/admin/redemptionCode/create"(input, ctx) {
    const admin = requireRole(ctx, "admin");
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt <= ctx.now) throw invalid("The expiry must be in the future.");
    return transaction(ctx.db, async (trx) => {
      const batch = await trx
        .insertInto("redemption_batches")
        .values({ kind: input.kind, value: input.value, per_user_limit: input.perUserLimit, expires_at: expiresAt, created_by: admin.id, created_at: ctx.now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const codes: string[] = [];
      while (codes.length < input.count) {
        const code = newRedemptionCode();
        try {
          await trx.insertInto("redemption_codes").values({ batch_id: batch.id, code_hash: hashRedemptionCode(code) }).execute();
          codes.push(code);
        } catch (e) {
          // 25^10 codes: a clash is all but impossible, and then the code is simply drawn again.
          if (!isUniqueViolation(e)) throw e;
        }
      }
      return { batchId: batch.id, codes };
    });
  },
} satisfies HandlerGroup<"/userRedemptionCode/confirmRedemptionCode" | "/admin/redemptionCode/create">;
