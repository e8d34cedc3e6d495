import { sql } from "kysely";
import { WITHDRAWER_DEPOSIT } from "../../../contract/constants";
import { SETTINGS_MESSAGES, type WithdrawerSettingsFields } from "../../../contract/calls/withdrawals-withdrawer";
import { OPEN_WITHDRAWAL_STATUSES } from "../../../contract/withdrawal-rules";
import { transaction, type DB, type Executor } from "../../db/index";
import { conflict, fail, notFound } from "../../http/errors";
import { units } from "../orders/format";
import { findWithdrawer, toWithdrawer } from "./queries";

/**
 * A withdrawer's own offer, read and changed by the withdrawer (ADR 0037).
 *
 * The deposit rule: what a withdrawer can be sent at once — the coins it still buys on all its
 * offers plus the coins of its open (Waiting, Processing) withdrawals — stays within its deposit
 * (its account's bail). Applying moves coins from the first to the second and a cancellation
 * back, so only the withdrawer raising its offer can break it: that is checked here, when the
 * offer goes up. Accepting at all needs the fixed deposit of docs/product/constants.md.
 */

async function ownOfferIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("withdrawers").select("id").where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((r) => r.id);
}

async function depositOf(db: Executor, userId: number): Promise<number> {
  const a = await db.selectFrom("accounts").select("bail_amount").where("user_id", "=", userId).executeTakeFirst();
  return Number(a?.bail_amount ?? 0);
}

/** Coins in the user's open withdrawals (all its offers), and the remainBalance of its offers other than `except`. */
async function exposure(db: Executor, userId: number, except: number): Promise<{ open: number; others: number }> {
  const open = await db
    .selectFrom("withdrawals as d")
    .innerJoin("withdrawers as w", "w.id", "d.withdrawer_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("d.amount"), sql<string>`0`).as("total"))
    .where("w.user_id", "=", userId)
    .where("d.status", "in", OPEN_WITHDRAWAL_STATUSES)
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom("withdrawers")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>("remain_balance"), sql<string>`0`).as("total"))
    .where("user_id", "=", userId)
    .where("id", "<>", except)
    .executeTakeFirstOrThrow();
  return { open: Number(open.total), others: Number(others.total) };
}

const maxRemain = (deposit: number, e: { open: number; others: number }) => Math.max(0, deposit - e.open - e.others);

export async function withdrawerSettings(db: DB, userId: number, id?: number) {
  const ids = await ownOfferIds(db, userId);
  const chosen = id ?? ids[0];
  if (chosen === undefined || !ids.includes(chosen)) throw notFound("Withdrawer");
  const w = (await findWithdrawer(db, chosen))!;
  const [deposit, e] = await Promise.all([depositOf(db, userId), exposure(db, userId, chosen)]);
  return { withdrawer: toWithdrawer(w), withdrawerIds: ids, deposit, openAmount: e.open, maxRemainBalance: maxRemain(deposit, e) };
}

export async function updateWithdrawerSettings(
  db: DB,
  userId: number,
  input: WithdrawerSettingsFields & { id: number; seenRemainBalance: number },
  now: Date,
): Promise<void> {
  await transaction(db, async (trx) => {
    // Every offer of this withdrawer, locked in id order: no sale or cancellation moves them while we check.
    const offers = await trx.selectFrom("withdrawers").select(["id", "remain_balance"]).where("user_id", "=", userId).orderBy("id").forUpdate().execute();
    const offer = offers.find((o) => o.id === input.id);
    if (!offer) throw notFound("Withdrawer");
    if (Number(offer.remain_balance) !== input.seenRemainBalance) throw conflict(SETTINGS_MESSAGES.remainChanged);

    const deposit = await depositOf(trx, userId);
    if (input.status === 1 && deposit < WITHDRAWER_DEPOSIT) throw fail(SETTINGS_MESSAGES.depositTooSmall(units(WITHDRAWER_DEPOSIT)));
    const raising = input.remainBalance > input.seenRemainBalance;
    if (raising) {
      const max = maxRemain(deposit, await exposure(trx, userId, input.id));
      if (input.remainBalance > max) throw fail(SETTINGS_MESSAGES.overDeposit(units(max)));
    }

    await trx
      .updateTable("withdrawers")
      .set({
        status: input.status,
        currency_rate: input.currencyRate,
        min_trade: input.minTrade,
        max_trade: input.maxTrade,
        remain_balance: input.remainBalance,
        // The coins offered at the last top-up: the remaining balance runs down from it with each sale.
        ...(input.remainBalance !== input.seenRemainBalance ? { total_balance: input.remainBalance } : {}),
        tags: input.tags,
        description: input.description,
        last_update: now,
      })
      .where("id", "=", input.id)
      .execute();
  });
}
