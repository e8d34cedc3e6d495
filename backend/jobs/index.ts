import { deliverPending, httpDeliverer } from "../adapters/outbox";
import type { Services } from "../http/context";
import { pruneRateLimits } from "../security/rate-limit";

/**
 * Background work. Each job reads what is due from the database, so a restart
 * loses nothing; a sweep never overlaps the previous one.
 */
export function startJobs(services: Services) {
  const { db, config, clock } = services;
  const deliverers = {
    ...(config.EMAIL_API_URL ? { email: httpDeliverer(config.EMAIL_API_URL) } : {}),
    ...(config.SMS_API_URL ? { sms: httpDeliverer(config.SMS_API_URL) } : {}),
  };
  const sweeps: Array<{ every: number; run: () => Promise<void> }> = [
    { every: 2_000, run: () => deliverPending(db, deliverers, () => clock.now()) },
    { every: 3600_000, run: () => pruneRateLimits(db, clock.now()) },
  ];
  let stopped = false;
  const running = new Set<Promise<void>>();
  const timers = sweeps.map((s) => {
    let busy = false;
    return setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      const p = s
        .run()
        .catch((e: unknown) => console.error("[jobs]", e instanceof Error ? e.message : e))
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
    },
  };
}
