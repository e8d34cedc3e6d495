import { WealthRecordType } from "../../../contract/enums";
import type { Executor, Trx } from "../../db/index";
import { fail } from "../../http/errors";
import { checkInList } from "../catalog/queries";
import { applyBalanceChanges } from "../wallet/ledger";
import { dayBefore, localDay } from "./zone";

/**
 * Daily check-in (docs/decisions/0022-points-and-levels.md): one row per user and calendar day in
 * the user's zone, its primary key the guard that lets one of any number of parallel submits in.
 * The streak continues from yesterday's row and otherwise starts again at 1.
 */
export const ALREADY_CHECKED_IN = "You have already checked in today.";
export const CHECK_IN_DESCRIPTION = "Daily check-in";

/** The reward of streak day `streak`: its entry of the list, the last entry beyond it. */
export function rewardFor(streak: number, list: { ckey: number; cvalue: number }[]): number {
  if (list.length === 0) return 0;
  return (list.find((e) => e.ckey === streak) ?? list[list.length - 1]).cvalue;
}

async function latestUpTo(db: Executor, userId: number, day: string) {
  return db
    .selectFrom("check_ins")
    .select(["day", "streak"])
    .where("user_id", "=", userId)
    .where("day", "<=", day)
    .orderBy("day", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function checkInInfo(db: Executor, userId: number, now: Date, zone: string) {
  const today = localDay(now, zone);
  const last = await latestUpTo(db, userId, today);
  if (last?.day === today) return { checkInCount: last.streak, isCheckIn: true };
  return { checkInCount: last?.day === dayBefore(today) ? last.streak : 0, isCheckIn: false };
}

export async function checkIn(trx: Trx, userId: number, now: Date, zone: string) {
  const today = localDay(now, zone);
  const last = await latestUpTo(trx, userId, today);
  if (last?.day === today) throw fail(ALREADY_CHECKED_IN);
  const streak = last?.day === dayBefore(today) ? last.streak + 1 : 1;
  const reward = rewardFor(streak, await checkInList(trx));
  // Parallel submits of one day all reach this insert; the primary key lets the first in, the others wait and find it.
  const row = await trx
    .insertInto("check_ins")
    .values({ user_id: userId, day: today, streak, reward, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .returning("streak")
    .executeTakeFirst();
  if (!row) throw fail(ALREADY_CHECKED_IN);
  if (reward > 0) {
    await applyBalanceChanges(trx, userId, [{ part: "wealth", delta: reward }], {
      reason: "daily check-in",
      refType: "check_in",
      at: now,
      wealthRecord: { type: WealthRecordType.Income, descriptionEn: CHECK_IN_DESCRIPTION },
    });
  }
  return { checkInCount: streak, reward };
}
