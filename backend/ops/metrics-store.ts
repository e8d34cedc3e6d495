/**
 * The metrics the database knows (ADR 0080): orders and withdrawals by status, timers due and
 * late, and the outboxes' queues. Counted at scrape time by a few GROUP BY / FILTER statements,
 * and the answer kept for `ttlMs` (every scrape in that window, and every gauge of one scrape,
 * shares one read), so a storm of scrapes cannot load the database.
 */
import { sql } from "kysely";
import { Gauge, type Registry } from "prom-client";
import { OrderStatus, WithdrawalStatus } from "../../contract/enums";
import type { Services } from "../http/context";
import { ORDER_TIMERS } from "../jobs/order-timers";
import { withdrawalsDueBefore } from "../jobs/withdrawal-timers";
import { ORDER_SWEEP_EVERY_MS } from "../modules/orders/timing";
import { PUSH_MAX_ATTEMPTS } from "../modules/push/deliver";

export const STORE_TTL_MS = 5_000;
/** A timer still due this long after its deadline (twelve sweeps) is late: the job is behind or stopped. */
export const TIMER_LATE_AFTER_MS = 12 * ORDER_SWEEP_EVERY_MS;

/** "InNegotiation" → "in_negotiation": the label values, one per status, whether or not any row has it. */
const names = (statuses: Record<string, number>) => new Map(Object.entries(statuses).map(([name, n]) => [n, name.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase()]));
const ORDER_NAMES = names(OrderStatus);
const WITHDRAWAL_NAMES = names(WithdrawalStatus);
const WITHDRAWAL_TIMER = "withdrawal_time_limit";

interface Snapshot {
  orders: Map<number, number>;
  withdrawals: Map<number, number>;
  /** Per timer (the order column's name, or WITHDRAWAL_TIMER). */
  timers: Map<string, { due: number; late: number }>;
  outbox: Map<string, number>;
}

async function read({ db, clock }: Pick<Services, "db" | "clock">): Promise<Snapshot> {
  const now = clock.now();
  const lateAt = new Date(now.getTime() - TIMER_LATE_AFTER_MS);
  const byStatus = async (table: "orders" | "withdrawals") => {
    const rows = await db.selectFrom(table).select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
    return new Map(rows.map((r) => [Number(r.status), Number(r.n)]));
  };
  const timers = new Map<string, { due: number; late: number }>();
  const orderTimers = await db
    .selectFrom("orders")
    .select(
      ORDER_TIMERS.flatMap((t) => [
        sql<number>`count(*) filter (where status = ${t.from} and ${sql.ref(t.due)} <= ${now})`.as(`${t.due}_due`),
        sql<number>`count(*) filter (where status = ${t.from} and ${sql.ref(t.due)} <= ${lateAt})`.as(`${t.due}_late`),
      ]),
    )
    .executeTakeFirstOrThrow();
  const counted = orderTimers as Record<string, unknown>;
  for (const t of ORDER_TIMERS) timers.set(t.due, { due: Number(counted[`${t.due}_due`]), late: Number(counted[`${t.due}_late`]) });
  const dueBefore = withdrawalsDueBefore(now);
  const lateBefore = withdrawalsDueBefore(lateAt);
  const w = await db
    .selectFrom("withdrawals")
    .select([
      sql<number>`count(*) filter (where created_at <= ${dueBefore})`.as("due"),
      sql<number>`count(*) filter (where created_at <= ${lateBefore})`.as("late"),
    ])
    .where("status", "=", WithdrawalStatus.Waiting)
    .executeTakeFirstOrThrow();
  timers.set(WITHDRAWAL_TIMER, { due: Number(w.due), late: Number(w.late) });
  const mail = await db.selectFrom("outbox").select(["channel", (eb) => eb.fn.countAll<number>().as("n")]).where("delivered_at", "is", null).groupBy("channel").execute();
  const push = await db.selectFrom("push_outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("sent_at", "is", null).where("attempts", "<", PUSH_MAX_ATTEMPTS).executeTakeFirstOrThrow();
  const outbox = new Map<string, number>([["email", 0], ["sms", 0], ["push", Number(push.n)]]);
  for (const r of mail) outbox.set(r.channel, Number(r.n));
  return { orders: await byStatus("orders"), withdrawals: await byStatus("withdrawals"), timers, outbox };
}

export function storeGauges(registry: Registry, prefix: string, services: Pick<Services, "db" | "clock">, ttlMs: number) {
  let kept: { at: number; snapshot: Promise<Snapshot> } | undefined;
  const snapshot = () => {
    const at = performance.now();
    if (!kept || at - kept.at >= ttlMs) {
      const reading = read(services);
      kept = { at, snapshot: reading };
      // A failed read is not kept: the next scrape tries again.
      reading.catch(() => {
        if (kept?.snapshot === reading) kept = undefined;
      });
    }
    return kept.snapshot;
  };
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge<string>, s: Snapshot) => void) =>
    new Gauge({
      name: `${prefix}${name}`,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        fill(this, await snapshot());
      },
    });
  gauge("orders", "Orders by status.", ["status"], (g, s) => {
    for (const [n, status] of ORDER_NAMES) g.set({ status }, s.orders.get(n) ?? 0);
  });
  gauge("withdrawals", "Withdrawals by status.", ["status"], (g, s) => {
    for (const [n, status] of WITHDRAWAL_NAMES) g.set({ status }, s.withdrawals.get(n) ?? 0);
  });
  gauge("timers_due", "Timers whose deadline has passed and that the timer jobs have not yet carried out, by timer.", ["timer"], (g, s) => {
    for (const [timer, { due }] of s.timers) g.set({ timer }, due);
  });
  gauge("timers_late", `Timers still not carried out ${TIMER_LATE_AFTER_MS / 1000} s after their deadline (the jobs are behind or stopped), by timer.`, ["timer"], (g, s) => {
    for (const [timer, { late }] of s.timers) g.set({ timer }, late);
  });
  gauge("outbox_pending", "Messages waiting to be sent, by outbox (email, sms, push).", ["outbox"], (g, s) => {
    for (const [outbox, n] of s.outbox) g.set({ outbox }, n);
  });
}
