import { Relationship } from "../../../contract/enums";
import type { Executor } from "../../db/index";
import { forbidden } from "../../http/errors";

/**
 * What a block means on the server (docs/decisions/0021-relationships.md). A block holds between
 * two users whichever of them made it; each side is told why in its own words.
 */

export const YOU_BLOCKED_MERCHANT = "You have blocked this merchant. Unblock it on its page to trade with it.";
export const MERCHANT_BLOCKED_YOU = "This merchant does not accept orders from you.";
export const YOU_BLOCKED_USER = "You have blocked this user. Unblock them on their page to send them messages.";
export const USER_BLOCKED_YOU = "This user does not accept messages from you.";

export interface BlockState {
  /** The viewer blocked the other user. */
  byViewer: boolean;
  /** The other user blocked the viewer. */
  byOther: boolean;
}

export async function blocksBetween(db: Executor, viewerId: number, otherId: number): Promise<BlockState> {
  const rows = await db
    .selectFrom("user_relationships")
    .select("user_id")
    .where("type", "=", Relationship.Block)
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "=", viewerId), eb("to_user_id", "=", otherId)]),
        eb.and([eb("user_id", "=", otherId), eb("to_user_id", "=", viewerId)]),
      ]),
    )
    .execute();
  return { byViewer: rows.some((r) => Number(r.user_id) === viewerId), byOther: rows.some((r) => Number(r.user_id) === otherId) };
}

/** A seller may not open or sell to an offer of a merchant it blocked, or that blocked it. */
export async function refuseTradeIfBlocked(db: Executor, sellerId: number, merchantId: number): Promise<void> {
  const b = await blocksBetween(db, sellerId, merchantId);
  if (b.byViewer) throw forbidden(YOU_BLOCKED_MERCHANT);
  if (b.byOther) throw forbidden(MERCHANT_BLOCKED_YOU);
}

/**
 * One-to-one chat: a blocked user may neither read nor write to the one who blocked it; the
 * blocker keeps the history but may not write until it unblocks (the other could not answer).
 */
export async function refuseChatIfBlocked(db: Executor, viewerId: number, peerId: number, mode: "read" | "write"): Promise<void> {
  const b = await blocksBetween(db, viewerId, peerId);
  if (b.byOther) throw forbidden(USER_BLOCKED_YOU);
  if (b.byViewer && mode === "write") throw forbidden(YOU_BLOCKED_USER);
}
