import type { Adornment } from "../../../contract/adornment";
import type { Executor } from "../../db/index";

/**
 * The frames and badges users wear (docs/decisions/0052-mall-delivery.md): a redeemed frame or
 * badge shows until its redemption's active_until. When a user holds several of a kind at once,
 * the one redeemed last shows. One query for a whole list of users (offers, conversations), never
 * one per row; the partial index wealth_redemptions_worn holds only rows with an end.
 */
export interface Worn extends Adornment {
  frame: string | null;
  badge: string | null;
  /** When what shows changes next (the earliest end of what shows), in ms; null: nothing shows. */
  changesAt: number | null;
}

const NOTHING: Worn = { frame: null, badge: null, changesAt: null };

export async function wornBy(db: Executor, userIds: readonly number[], now: Date): Promise<Map<number, Worn>> {
  const worn = new Map<number, Worn>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return worn;
  const rows = await db
    .selectFrom("wealth_redemptions as r")
    .innerJoin("redemption_items as i", "i.id", "r.item_id")
    .select(["r.user_id", "r.delivery", "r.active_until", "i.look"])
    .where("r.user_id", "in", ids)
    .where("r.active_until", ">", now)
    .orderBy("r.id", "desc")
    .execute();
  for (const r of rows) {
    const kind = r.delivery === "frame" ? "frame" : r.delivery === "badge" ? "badge" : null;
    if (!kind || !r.look) continue;
    const w = worn.get(r.user_id) ?? { ...NOTHING };
    if (w[kind] !== null) continue; // an older one of the kind: the newest shows
    w[kind] = r.look;
    const end = new Date(r.active_until!).getTime();
    w.changesAt = w.changesAt === null ? end : Math.min(w.changesAt, end);
    worn.set(r.user_id, w);
  }
  return worn;
}

/** What one user wears, as a response carries it. */
export function adornmentOf(worn: Map<number, Worn>, userId: number): { frame: string | null; badge: string | null } {
  const w = worn.get(userId);
  return { frame: w?.frame ?? null, badge: w?.badge ?? null };
}

/** The earliest moment anything shown for these users changes (null: nothing shows). */
export function nextChange(worn: Map<number, Worn>): number | null {
  let next: number | null = null;
  for (const w of worn.values()) if (w.changesAt !== null && (next === null || w.changesAt < next)) next = w.changesAt;
  return next;
}
