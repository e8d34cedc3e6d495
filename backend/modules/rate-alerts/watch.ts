import type { Services } from "../../http/context";
import { evaluateRateAlerts } from "./evaluate";

/**
 * Rate alerts follow the catalogue's changes (ADR 0071): the catalog cache hears NOTIFY catalog
 * from every process (offers, card types, config, withdrawers' rates: migrations 017 and 038) and
 * runs this after each. Changes that arrive during a run are folded into one more run, so a burst
 * of writes costs at most two evaluations, and the run after a change always reads its rows.
 */
export function watchRateAlerts(services: Services): () => void {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await evaluateRateAlerts(services.db, () => services.clock.now());
      } while (again);
    })().finally(() => (running = null));
    return running;
  };
  return services.catalog.onChange(run);
}
