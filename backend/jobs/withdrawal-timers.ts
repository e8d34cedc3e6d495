import { WITHDRAWER_TIME_LIMIT_MINUTES } from "../../contract/constants";
import { WithdrawalStatus } from "../../contract/enums";
import type { Services } from "../http/context";
import { transition } from "../modules/withdrawals/state-machine";
import { sweepDue, type SweepResult } from "./sweep";
import { lineLogger } from "../ops/log";

/**
 * The withdrawal timer (ADR 0008): a withdrawal still Waiting (0) when the withdrawer's time
 * limit (docs/product/constants.md: 300 minutes) has passed since it was created is cancelled (0 → 3) and the coins
 * return to the seller. Nothing has been paid yet in status 0, so returning the coins is safe.
 * A withdrawal in Processing (1) is never decided by a timer: the withdrawer may already have
 * paid; it waits for the withdrawer (or a person) like an order's dispute does.
 * Carried out by sweepDue, so a restart loses none and none fires twice.
 */
export const WITHDRAWAL_SWEEP_BATCH = 100;

/** Waiting withdrawals created at or before this are due (the metrics count them too: backend/ops/metrics-store.ts). */
export const withdrawalsDueBefore = (now: Date) => new Date(now.getTime() - WITHDRAWER_TIME_LIMIT_MINUTES * 60_000);

export async function sweepWithdrawalTimers(services: Pick<Services, "db" | "clock">, log: (line: string) => void = lineLogger()): Promise<SweepResult> {
  const { db } = services;
  const now = services.clock.now();
  const dueBefore = withdrawalsDueBefore(now);
  const result: SweepResult = { moved: 0, skipped: 0 };
  const { Waiting, Cancelled } = WithdrawalStatus;
  await sweepDue(
    db,
    {
      label: "withdrawal-timers withdrawal",
      due: (afterId, limit) =>
        db.selectFrom("withdrawals").select("id").where("status", "=", Waiting).where("created_at", "<=", dueBefore).where("id", ">", afterId).orderBy("id").limit(limit).execute(),
      move: (trx, id) => transition(trx, { withdrawalId: id, from: Waiting, to: Cancelled, actor: "timer", now }),
    },
    WITHDRAWAL_SWEEP_BATCH,
    result,
    log,
  );
  return result;
}
