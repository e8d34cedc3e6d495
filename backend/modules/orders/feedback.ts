import { LIST_PAGE_SIZE } from "../../../contract/constants";
import type { Feedback } from "../../../contract/entities";
import { FeedbackType } from "../../../contract/enums";
import { mayComment } from "../../../contract/order-rules";
import { transaction, type DB, type Executor } from "../../db/index";
import { fail } from "../../http/errors";
import { orderOfSeller } from "./actions";

/**
 * The seller's comment on a completed order (docs/product/statuses.md: once, positive or negative,
 * 1-5 stars): writing it, and reading what a merchant received.
 */

export const FEEDBACK_ONCE = "You have already commented on this order.";
export const FEEDBACK_NOT_COMPLETED = "You can comment only on a completed order.";

export async function addFeedback(
  db: DB,
  sellerId: number,
  f: { orderid: number; type: FeedbackType; starLevel: number; content: string },
  now: Date,
): Promise<{ id: number }> {
  const o = await orderOfSeller(db, sellerId, f.orderid);
  if (!mayComment(o.status, false)) throw fail(FEEDBACK_NOT_COMPLETED);
  return transaction(db, async (trx) => {
    // One per order: the unique order_id decides between two parallel posts.
    const row = await trx
      .insertInto("feedbacks")
      .values({
        order_id: o.id,
        seller_id: o.seller_id,
        buyer_id: o.buyer_id,
        type: f.type,
        star_level: f.starLevel,
        content: f.content,
        created_at: now,
      })
      .onConflict((oc) => oc.column("order_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw fail(FEEDBACK_ONCE);
    if (f.type === FeedbackType.Positive)
      await trx
        .updateTable("adverts")
        .set((eb) => ({ favourable_num: eb("favourable_num", "+", 1) }))
        .where("id", "=", o.advert_id)
        .execute();
    return { id: row.id };
  });
}

function feedbackRows(db: Executor) {
  return db
    .selectFrom("feedbacks as f")
    .innerJoin("users as s", "s.id", "f.seller_id")
    .select(["f.id", "f.order_id", "f.type", "f.star_level", "f.content", "f.created_at", "s.nickname", "s.avatar"]);
}
type FeedbackRow = Awaited<ReturnType<ReturnType<typeof feedbackRows>["executeTakeFirstOrThrow"]>>;

/** nickname/photo are the author's: the seller who commented. */
function toFeedback(r: FeedbackRow): Feedback {
  return {
    id: r.id,
    orderid: r.order_id,
    type: r.type as FeedbackType,
    starLevel: r.star_level,
    content: r.content,
    nickname: r.nickname,
    photo: r.avatar,
    feedbackTime: new Date(r.created_at).getTime(),
  };
}

export async function feedbackOfOrder(db: Executor, orderId: number): Promise<Feedback | null> {
  const r = await feedbackRows(db).where("f.order_id", "=", orderId).executeTakeFirst();
  return r ? toFeedback(r) : null;
}

/** Feedback received by a user (as the buyer of the orders), newest first. */
export async function feedbackPage(db: Executor, userId: number, f: { type?: number; lastId?: number | null }): Promise<Feedback[]> {
  let q = feedbackRows(db).where("f.buyer_id", "=", userId);
  if (f.type) q = q.where("f.type", "=", f.type);
  if (f.lastId) q = q.where("f.id", "<", f.lastId);
  const rows = await q.orderBy("f.id", "desc").limit(LIST_PAGE_SIZE).execute();
  return rows.map(toFeedback);
}

