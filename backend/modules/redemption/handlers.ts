import { BillType } from "../../../contract/enums";
import { transaction } from "../../db/index";
import { isUniqueViolation } from "../../db/errors";
import { requireRole, requireUser, type CallContext } from "../../http/context";
import { fail, invalid, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { hit, peek } from "../../security/rate-limit";
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
export const TOO_MANY_CODES = "Too many wrong redemption codes. Please try again in 15 minutes.";

/** Wrong codes a user, and an IP, may send in a rate window before being refused. */
const WRONG_PER_USER = 10;
const WRONG_PER_IP = 30;

async function countWrong(ctx: CallContext, userId: number) {
  const w = ctx.config.RATE_WINDOW_SECONDS;
  const [byUser, byIp] = await Promise.all([
    hit(ctx.db, "redeem:user", String(userId), WRONG_PER_USER, w, ctx.now),
    hit(ctx.db, "redeem:ip", ctx.ip, WRONG_PER_IP, w, ctx.now),
  ]);
  return byUser.allowed && byIp.allowed;
}

async function refusedBefore(ctx: CallContext, userId: number) {
  const w = ctx.config.RATE_WINDOW_SECONDS;
  const [byUser, byIp] = await Promise.all([peek(ctx.db, "redeem:user", String(userId), w, ctx.now), peek(ctx.db, "redeem:ip", ctx.ip, w, ctx.now)]);
  return byUser >= WRONG_PER_USER || byIp >= WRONG_PER_IP;
}

export const redemptionHandlers = {
  async "/userRedemptionCode/confirmRedemptionCode"(input, ctx) {
    const user = requireUser(ctx);
    if (await refusedBefore(ctx, user.id)) throw tooMany(TOO_MANY_CODES);
    const hash = hashRedemptionCode(input.redemptionCode);
    const outcome = await transaction(ctx.db, async (trx) => {
      const found = await trx
        .selectFrom("redemption_codes as c")
        .innerJoin("redemption_batches as b", "b.id", "c.batch_id")
        .select(["c.id", "c.batch_id", "c.redeemed_by", "b.kind", "b.value", "b.per_user_limit", "b.expires_at"])
        .where("c.code_hash", "=", hash)
        .executeTakeFirst();
      if (!found) return { refused: CODE_NOT_VALID, guess: true } as const;
      if (found.redeemed_by !== null) return { refused: CODE_USED, guess: false } as const;
      if (new Date(found.expires_at) <= ctx.now) return { refused: CODE_EXPIRED, guess: false } as const;
      // One redemption of a batch per user at a time: its row is the lock the per-user count is read under.
      await trx.selectFrom("redemption_batches").select("id").where("id", "=", found.batch_id).forUpdate().executeTakeFirstOrThrow();
      const mine = await trx
        .selectFrom("redemption_codes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("batch_id", "=", found.batch_id)
        .where("redeemed_by", "=", user.id)
        .executeTakeFirstOrThrow();
      if (Number(mine.n) >= found.per_user_limit) return { refused: CODE_LIMIT_REACHED, guess: false } as const;
      // The compare-and-set that spends the code: of parallel submits exactly one finds it unused.
      const spent = await trx
        .updateTable("redemption_codes")
        .set({ redeemed_by: user.id, redeemed_at: ctx.now })
        .where("id", "=", found.id)
        .where("redeemed_by", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!spent) return { refused: CODE_USED, guess: false } as const;
      const value = Number(found.value);
      if (found.kind === "coins") {
        await applyBalanceChanges(trx, user.id, [{ part: "amount", delta: value }], {
          reason: "redemption code",
          refType: "redemption_code",
          refId: found.id,
          bill: { type: BillType.Income, descriptionEn: "Redemption code", transAmount: value },
        });
      } else {
        await applyBalanceChanges(trx, user.id, [{ part: "wealth", delta: value }], { reason: "redemption code", refType: "redemption_code", refId: found.id });
      }
      return { amount: value, kind: found.kind };
    });
    if ("refused" in outcome) {
      if (outcome.guess && !(await countWrong(ctx, user.id))) throw tooMany(TOO_MANY_CODES);
      throw fail(outcome.refused ?? CODE_NOT_VALID);
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
