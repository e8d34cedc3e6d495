import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { deliverPending, httpDeliverer } from "../adapters/outbox";
import type { Services } from "../http/context";
import { chatProvider } from "../config";
import { runDemoBots } from "../demo/bots";
import { loadTlsSigKey } from "../modules/chat/keys";
import { createTencentRelay, timRest } from "../modules/chat/tencent-relay";
import { ORDER_SWEEP_EVERY_MS } from "../modules/orders/timing";
import { deliverPushes } from "../modules/push/deliver";
import { loadVapidKeys } from "../modules/push/vapid";
import { pruneRateLimits } from "../security/rate-limit";
import { holdLease, releaseLease } from "./lease";
import { RESEAL_EVERY_MS, RESEAL_LEASE, resealSweep } from "./reseal";
import { sweepOrderTimers } from "./order-timers";
import { sweepWithdrawalTimers } from "./withdrawal-timers";
import { lineLogger, log } from "../ops/log";

/** One background job: run every `every` ms; with `lease`, in one process at a time. */
interface Sweep {
  every: number;
  run: () => Promise<void>;
  lease?: string;
}

function tencentRelaySweep(services: Services): Sweep {
  const { db, config, clock } = services;
  const relay = createTencentRelay(db, timRest(config, loadTlsSigKey(config)), () => clock.now(), lineLogger());
  return { every: 2_000, run: () => relay.sweep().then(() => undefined), lease: "tencent-relay" };
}

/**
 * Background work. Each job reads what is due from the database, so a restart
 * loses nothing; a sweep never overlaps the previous one. Jobs whose effect
 * leaves the system (email and SMS, Tencent) or that act as the demo's other
 * users run under a lease, so several processes on one database do them once
 * (ADR 0013); the others are compare-and-sets that any process may run.
 */
export function startJobs(services: Services, holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, opts: { foldersRing?: boolean } = {}) {
  const { db, config, clock } = services;
  const deliverers = {
    ...(config.EMAIL_API_URL ? { email: httpDeliverer(config.EMAIL_API_URL) } : {}),
    ...(config.SMS_API_URL ? { sms: httpDeliverer(config.SMS_API_URL) } : {}),
  };
  const sweeps: Sweep[] = [
    { every: 2_000, run: () => deliverPending(db, deliverers, () => clock.now()), lease: "outbox" },
    // Web Push to the push services, once each (ADR 0079).
    { every: 2_000, run: () => deliverPushes(db, loadVapidKeys(config), () => clock.now()), lease: "push" },
    { every: 3600_000, run: () => pruneRateLimits(db, clock.now()) },
    // Order timers: auto cancel, release, arbitration (from the database; a restart loses none).
    { every: ORDER_SWEEP_EVERY_MS, run: () => sweepOrderTimers(services).then(() => undefined) },
    // Withdrawals still waiting past the withdrawer's time limit return the coins (ADR 0008).
    { every: ORDER_SWEEP_EVERY_MS, run: () => sweepWithdrawalTimers(services).then(() => undefined) },
    // Demo merchants acting on their orders, demo withdrawers on their withdrawals (backend/demo/bots.ts).
    ...(config.DEMO_BOTS ? [{ every: ORDER_SWEEP_EVERY_MS, run: () => runDemoBots(services).then(() => undefined), lease: "demo-bots" }] : []),
    // With Tencent Cloud Chat: order groups and system messages relayed to its REST API (ADR 0011).
    ...(chatProvider(config) === "tencent" ? [tencentRelaySweep(services)] : []),
    // Values under an older key re-sealed under the current one, in one process at a time (ADR 0056).
    { every: RESEAL_EVERY_MS, run: resealSweep(services, holder, { foldersRing: opts.foldersRing ?? false }), lease: RESEAL_LEASE },
  ];
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = sweeps.map((s) => {
    let busy = false;
    return setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const p = (s.lease ? holdLease(db, s.lease, holder, clock.now()) : Promise.resolve(true))
        .then((mine) => (mine ? s.run() : undefined))
        .catch((err: unknown) => log.error({ err }, `[jobs] ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    }, s.every);
  });
  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
      for (const s of sweeps) if (s.lease) await releaseLease(db, s.lease, holder).catch(() => undefined);
    },
  };
}
