import { sql, type Kysely } from "kysely";

/**
 * "Trades with you" on a user's page (docs/product/entities.md#relationship: tradeTimes) counts the completed orders
 * between the viewer and that user, whichever of them sold. With no index for a pair, PostgreSQL
 * read all of the seller's completed orders and all of the merchant's orders and intersected them:
 * 88-101 ms for the demo seller and a merchant in the large world (20,000 and 39,000 orders), on a
 * page a seller opens from an offer before trading.
 *
 * The index keys the completed orders by their pair in either direction (the lower id, then the
 * higher), so one range read counts them. Keyed by expressions no list uses, the planner is never
 * tempted to read a seller's or a merchant's order list through it (a partial index that started
 * with seller_id was picked for a typical seller's Completed tab; for a busy seller that plan would sort all of its completed orders).
 * It carries seller_id and buyer_id too, so the count is read from the index alone (without them,
 * each of the pair's orders was a visit to the table: 50-70 ms for those 3,904 orders; with them, 2-4).
 * Only a move to Completed writes to it.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create index if not exists orders_completed_pair on orders (least(seller_id, buyer_id), greatest(seller_id, buyer_id)) include (seller_id, buyer_id)
      where status = 4
  `.execute(db);
}
