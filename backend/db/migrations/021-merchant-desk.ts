import { sql, type Kysely } from "kysely";

/**
 * The merchant desk (docs/decisions/0036-merchant-desk.md):
 * - orders.bot_viewed: the demo merchant's bot made the view (0 → 1) itself. The bot completes
 *   or negotiates only those, so an order its merchant took by hand (from the desk or a
 *   /merchant call) is never also acted on by the bot;
 * - the desk's queue (Waiting, Processing, In negotiation of one merchant, newest first per
 *   group) reads a partial index in id order, and the Waiting badge counts from it;
 * - a merchant's own adverts, newest first (the desk's offers list).
 */
export async function up(db: Kysely<any>) {
  await sql`
    alter table orders add column bot_viewed boolean not null default false;
    create index if not exists orders_buyer_open on orders (buyer_id, status, id desc) where status in (0, 1, 2);
    create index if not exists adverts_user on adverts (user_id, id desc);
  `.execute(db);
}
