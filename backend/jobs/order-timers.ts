import { OrderStatus } from "../../contract/enums";
import { transaction } from "../db/index";
import type { Services } from "../http/context";
import { ApiError } from "../http/errors";
import { transition } from "../modules/orders/state-machine";
import { ORDER_SWEEP_BATCH } from "../modules/orders/timing";

/**
 * The order timers (ADR 0007), carried out from what the database holds: every sweep
 * reads the due rows and moves each through the state machine's compare-and-set, so a
 * restart loses none and none fires twice (a second sweep, or a second process, finds
 * the status already moved and does nothing).
 */
const TIMERS = [
  { from: OrderStatus.Waiting, to: OrderStatus.Cancelled, due: "auto_cancel_at" },
  { from: OrderStatus.Processing, to: OrderStatus.Completed, due: "auto_release_at" },
  { from: OrderStatus.InNegotiation, to: OrderStatus.InArbitration, due: "auto_arbitration_at" },
] as const;

export interface SweepResult {
  /** Transitions carried out. */
  moved: number;
  /** Due rows someone else moved first, or that were refused. */
  skipped: number;
}

export async function sweepOrderTimers(services: Pick<Services, "db" | "clock">, log: (line: string) => void = console.error): Promise<SweepResult> {
  const { db } = services;
  const now = services.clock.now();
  const result: SweepResult = { moved: 0, skipped: 0 };
  for (const timer of TIMERS) {
    let afterId = 0;
    for (;;) {
      const due = await db
        .selectFrom("orders")
        .select(["id"])
        .where("status", "=", timer.from)
        .where(timer.due, "<=", now)
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(ORDER_SWEEP_BATCH)
        .execute();
      for (const { id } of due) {
        afterId = id;
        try {
          await transaction(db, (trx) => transition(trx, { orderId: id, from: timer.from, to: timer.to, actor: "timer", now }));
          result.moved++;
        } catch (err) {
          result.skipped++;
          // Lost race (someone acted first) is normal; anything else is worth a line (never order contents).
          if (!(err instanceof ApiError)) log(`[order-timers] order ${id} ${timer.due}: ${err instanceof Error ? err.message : String(err)}`);
          else if (err.code !== 7) log(`[order-timers] order ${id} ${timer.due}: refused: ${err.message}`);
        }
      }
      if (due.length < ORDER_SWEEP_BATCH) break;
    }
  }
  return result;
}
