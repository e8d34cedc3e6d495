import { sql } from "kysely";
import { MEMBERSHIP_MAX_LEVEL } from "../../../contract/constants";
import { WealthConfigKey, WealthRecordType } from "../../../contract/enums";
import type { Executor, Trx } from "../../db/index";
import { configRecord, intValue } from "../catalog/queries";

/**
 * Levels v0-v7 (docs/decisions/0022-points-and-levels.md): the highest level whose
 * upgradeWealth threshold the points EARNED so far reach (the sum of positive wealth records),
 * so spending points in the mall never demotes anyone. Exchange records are the mall's own: a
 * refund of a mall order gives back points spent, never earned ones (ADR 0052).
 */
export function levelFor(earned: number, thresholds: number[]): number {
  let level = 0;
  thresholds.forEach((t, i) => {
    if (Number.isFinite(t) && earned >= t) level = i;
  });
  return Math.min(level, MEMBERSHIP_MAX_LEVEL);
}

/** upgradeWealth of the wealth config, per 10000, one per level (v0 first). */
export async function upgradeThresholds(db: Executor): Promise<number[]> {
  const wealth = await configRecord(db, "wealth");
  return (wealth[WealthConfigKey.UpgradeWealth] ?? "").split(",").map((v) => intValue(v, Number.POSITIVE_INFINITY));
}

/** After points are credited (same transaction): the user's stored level follows what they have earned. */
export async function raiseLevel(trx: Trx, userId: number) {
  const earned = await trx
    .selectFrom("wealth_records")
    .select(sql<string>`coalesce(sum(amount), 0)`.as("s"))
    .where("user_id", "=", userId)
    .where("amount", ">", 0)
    .where("type", "<>", WealthRecordType.Exchange)
    .executeTakeFirstOrThrow();
  const level = levelFor(Number(earned.s), await upgradeThresholds(trx));
  // Only a real level-up touches (and locks) the users row: a credit that changes nothing takes no
  // row lock, so crediting points never waits on a user's cash-out or redemption.
  await trx.updateTable("users").set({ level }).where("id", "=", userId).where("level", "<", level).execute();
}
