import { WITHDRAWER_TIME_LIMIT_MINUTES } from "../../contract/constants";
import { WithdrawalStatus } from "../../contract/enums";
import { transaction } from "../db/index";
import type { Services } from "../http/context";
import { ApiError } from "../http/errors";
import { transition } from "../modules/withdrawals/state-machine";

/**
 * The withdrawal timer (ADR 0008): a withdrawal still Waiting (0) when the withdrawer's time
 * limit (spec §9: 300 minutes) has passed since it was created is cancelled (0 → 3) and the coins
 * return to the seller. Nothing has been paid yet in status 0, so returning the coins is safe.
 * A withdrawal in Processing (1) is never decided by a timer: the withdrawer may already have
 * paid; it waits for the withdrawer (or a person) like an order's dispute does.
 * Read from the database and moved through the compare-and-set, so a restart loses none and
 * none fires twice.
 */
export const WITHDRAWAL_SWEEP_BATCH = 100;

export async function sweepWithdrawalTimers(services: Pick<Services, "db" | "clock">, log: (line: string) => void = console.error) {
  const { db } = services;
  const now = services.clock.now();
  const dueBefore = new Date(now.getTime() - WITHDRAWER_TIME_LIMIT_MINUTES * 60_000);
  const result = { moved: 0, skipped: 0 };
  let afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom("withdrawals")
      .select("id")
      .where("status", "=", WithdrawalStatus.Waiting)
      .where("created_at", "<=", dueBefore)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(WITHDRAWAL_SWEEP_BATCH)
      .execute();
    for (const { id } of due) {
      afterId = id;
      try {
        await transaction(db, (trx) => transition(trx, { withdrawalId: id, from: WithdrawalStatus.Waiting, to: WithdrawalStatus.Cancelled, actor: "timer", now }));
        result.moved++;
      } catch (err) {
        result.skipped++;
        if (!(err instanceof ApiError) || err.code !== 7) log(`[withdrawal-timers] withdrawal ${id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (due.length < WITHDRAWAL_SWEEP_BATCH) break;
  }
  return result;
}
