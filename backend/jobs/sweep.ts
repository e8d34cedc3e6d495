import { transaction, type DB, type Trx } from "../db/index";
import { ApiError } from "../http/errors";

export interface SweepResult {
  /** Transitions carried out. */
  moved: number;
  /** Due rows someone else moved first, or that were refused. */
  skipped: number;
}

export interface DueTimer {
  /** For the log line: "order-timers order 12 auto_cancel_at". */
  label: string;
  /** The next due ids after `afterId`, in id order, at most `limit`. */
  due: (afterId: number, limit: number) => Promise<Array<{ id: number }>>;
  /** One row's transition (a compare-and-set), in its own transaction. */
  move: (trx: Trx, id: number) => Promise<unknown>;
}

/**
 * Carries out one timer from what the database holds: reads the due rows a batch at a time and
 * moves each through its state machine, so a restart loses none and none fires twice (a second
 * sweep, or a second process, finds the status already moved). A lost race (code 7) is normal;
 * anything else is worth a line, which never holds the row's contents.
 */
export async function sweepDue(db: DB, timer: DueTimer, batch: number, result: SweepResult, log: (line: string) => void): Promise<void> {
  let afterId = 0;
  for (;;) {
    const due = await timer.due(afterId, batch);
    for (const { id } of due) {
      afterId = id;
      try {
        await transaction(db, (trx) => timer.move(trx, id));
        result.moved++;
      } catch (err) {
        result.skipped++;
        if (!(err instanceof ApiError)) log(`[${timer.label}] ${id}: ${err instanceof Error ? err.message : String(err)}`);
        else if (err.code !== 7) log(`[${timer.label}] ${id}: refused: ${err.message}`);
      }
    }
    if (due.length < batch) return;
  }
}
