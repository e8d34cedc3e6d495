import { OrderStatus } from "../../contract/enums";
import type { Services } from "../http/context";
import { transition } from "../modules/orders/state-machine";
import { ORDER_SWEEP_BATCH } from "../modules/orders/timing";
import { sweepDue, type SweepResult } from "./sweep";
import { lineLogger } from "../ops/log";

/**
 * The order timers (ADR 0007), each carried out by sweepDue from what the database holds.
 */
export const ORDER_TIMERS = [
  { from: OrderStatus.Waiting, to: OrderStatus.Cancelled, due: "auto_cancel_at" },
  { from: OrderStatus.Processing, to: OrderStatus.Completed, due: "auto_release_at" },
  { from: OrderStatus.InNegotiation, to: OrderStatus.InArbitration, due: "auto_arbitration_at" },
] as const;

export async function sweepOrderTimers(services: Pick<Services, "db" | "clock">, log: (line: string) => void = lineLogger()): Promise<SweepResult> {
  const { db } = services;
  const now = services.clock.now();
  const result: SweepResult = { moved: 0, skipped: 0 };
  for (const timer of ORDER_TIMERS) {
    await sweepDue(
      db,
      {
        label: `order-timers ${timer.due} order`,
        due: (afterId, limit) =>
          db.selectFrom("orders").select("id").where("status", "=", timer.from).where(timer.due, "<=", now).where("id", ">", afterId).orderBy("id").limit(limit).execute(),
        move: (trx, id) => transition(trx, { orderId: id, from: timer.from, to: timer.to, actor: "timer", now }),
      },
      ORDER_SWEEP_BATCH,
      result,
      log,
    );
  }
  return result;
}
