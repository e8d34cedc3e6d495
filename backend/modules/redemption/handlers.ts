import { BillType, WealthRecordType } from "../../../contract/enums";
import { transaction, type Executor, type Trx } from "../../db/index";
import { countRows } from "../../db/count";
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { RedemptionBatch } from "../../../contract/calls/redemption-staff";
import { recordAudit } from "../audit/audit";
import { lockUser, USER_LOCK } from "../../db/user-locks";
import { isUniqueViolation } from "../../db/errors";
import { requireRole, requireUser, type CallContext } from "../../http/context";
import { fail, invalid, notFound, tooMany } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { minutesLeftInWindow, reserve, type Reservation } from "../../security/rate-limit";
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
export const CODE_REVOKED = "This redemption code has been revoked.";
export const BATCH_REVOKED = "This batch is already revoked.";
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
 * One attempt, in one transaction that first takes the user's redemption lock (their attempts run one
 * at a time, and the per-user count of a batch below is read under it). The attempt is reserved on
 * the user's and the address's budgets before the code is looked up, each in the statement that
 * checks its limit (ADR 0055), so a burst of parallel guesses, from one user or many at one address,
 * has at most the limit looked up. Only an unknown code is a guess: any other gives its attempt back.
 */
async function redeemOnce(ctx: CallContext, trx: Trx, userId: number, code: string): Promise<Outcome> {
  const w = ctx.config.RATE_WINDOW_SECONDS;
  await lockUser(trx, USER_LOCK.redemption, userId);
  const taken: Reservation[] = [];
  for (const b of buckets(ctx, userId)) {
    const r = await reserve(trx, b.bucket, b.key, b.limit, w, ctx.now);
    if (!r) {
      for (const t of taken) await t.release();
      return { refused: CODE_NOT_VALID, locked: true };
    }
    taken.push(r);
  }
  const outcome = await lookUp(ctx, trx, userId, code);
  if (!("refused" in outcome) || outcome.refused !== CODE_NOT_VALID) for (const t of taken) await t.release();
  return outcome;
}

/** The code itself: unknown (a guess), used, revoked, expired, over the batch's per-user limit, or redeemed now. */
async function lookUp(ctx: CallContext, trx: Trx, userId: number, code: string): Promise<Outcome> {
  const found = await trx
    .selectFrom("redemption_codes as c")
    .innerJoin("redemption_batches as b", "b.id", "c.batch_id")
    .select(["c.id", "c.batch_id", "c.redeemed_by", "b.kind", "b.value", "b.per_user_limit", "b.expires_at", "b.revoked_at"])
    .where("c.code_hash", "=", hashRedemptionCode(code))
    .executeTakeFirst();
  if (!found) return { refused: CODE_NOT_VALID };
  if (found.redeemed_by !== null) return { refused: CODE_USED };
  if (found.revoked_at !== null) return { refused: CODE_REVOKED };
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
      await recordAudit(trx, {
        adminId: admin.id,
        action: "redemptionBatch.create",
        entityType: "redemptionBatch",
        entityId: batch.id,
        before: null,
        after: { kind: input.kind, value: input.value, count: input.count, perUserLimit: input.perUserLimit, expiresAt: expiresAt.getTime() },
        at: ctx.now,
      });
      return { batchId: batch.id, codes };
    });
  },

  async "/admin/redemptionCode/list"(input, ctx) {
    requireRole(ctx, "admin");
    return { list: await batchPage(ctx.db, input.lastId) };
  },

  async "/admin/redemptionCode/revoke"(input, ctx) {
    const admin = requireRole(ctx, "admin");
    await transaction(ctx.db, async (trx) => {
      // Compare-and-set: of two revokes exactly one finds the batch unrevoked.
      const row = await trx
        .updateTable("redemption_batches")
        .set({ revoked_at: ctx.now, revoked_by: admin.id })
        .where("id", "=", input.batchId)
        .where("revoked_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!row) {
        const exists = await trx.selectFrom("redemption_batches").select("id").where("id", "=", input.batchId).executeTakeFirst();
        throw exists ? fail(BATCH_REVOKED) : notFound("Batch");
      }
      const unused = await countRows(trx.selectFrom("redemption_codes").where("batch_id", "=", row.id).where("redeemed_by", "is", null));
      await recordAudit(trx, {
        adminId: admin.id,
        action: "redemptionBatch.revoke",
        entityType: "redemptionBatch",
        entityId: row.id,
        before: { revoked: false, unusedCodes: unused },
        after: { revoked: true, unusedCodes: 0 },
        at: ctx.now,
      });
    });
    return null;
  },
} satisfies HandlerGroup<
  "/userRedemptionCode/confirmRedemptionCode" | "/admin/redemptionCode/create" | "/admin/redemptionCode/list" | "/admin/redemptionCode/revoke"
>;

/** One page of batches, newest first, with their code counts. */
async function batchPage(db: Executor, lastId: number | null | undefined): Promise<RedemptionBatch[]> {
  let q = db
    .selectFrom("redemption_batches as b")
    .innerJoin("users as u", "u.id", "b.created_by")
    .selectAll("b")
    .select((eb) => [
      "u.nickname",
      eb.selectFrom("redemption_codes as c").whereRef("c.batch_id", "=", "b.id").select(eb.fn.countAll<number>().as("n")).as("count"),
      eb
        .selectFrom("redemption_codes as c")
        .whereRef("c.batch_id", "=", "b.id")
        .where("c.redeemed_by", "is not", null)
        .select(eb.fn.countAll<number>().as("n"))
        .as("redeemed"),
    ]);
  if (lastId) q = q.where("b.id", "<", lastId);
  const rows = await q.orderBy("b.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    value: Number(r.value),
    perUserLimit: r.per_user_limit,
    count: Number(r.count ?? 0),
    redeemed: Number(r.redeemed ?? 0),
    expiresAt: new Date(r.expires_at).getTime(),
    createTimestamp: new Date(r.created_at).getTime(),
    createdByNickname: r.nickname,
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at).getTime(),
  }));
}
