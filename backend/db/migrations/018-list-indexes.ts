import { sql, type Kysely } from "kysely";

/**
 * Indexes for the hot lists at scale (docs/decisions/0027-cost-at-scale.md). Every
 * list is a keyset page `... where owner = ? [and filter] and id < cursor order by id desc
 * limit 20`, so each needs an index that starts with its equality columns and ends with id:
 * - the seller's Active tab (statuses 0-3 as an IN list, which (seller_id, status, id) can
 *   only serve by reading every active order and sorting): a partial index in id order;
 * - the seller's orders of one card type (the list's card filter);
 * - the merchant's orders of every status (/merchant/order/list without a status: orders_buyer
 *   starts with the status, so it could not give them in id order);
 * - the bills of one type (the bill list's tabs);
 * - the unread notices (the bell's count and its newest five, on every page): a partial index,
 *   so both read only the unread ones however many read notices a user has.
 * tests/integration/query-plans.test.ts checks that each list's plan uses its index.
 */
export async function up(db: Kysely<any>) {
  await sql`
    create index if not exists orders_seller_active on orders (seller_id, id desc) where status in (0, 1, 2, 3);
    create index if not exists orders_seller_card on orders (seller_id, card_type_id, status, id desc);
    create index if not exists orders_buyer_recent on orders (buyer_id, id desc);
    create index if not exists bills_user_type on bills (user_id, type, id desc);
    create index if not exists notices_user_unread on notices (user_id, id desc) where status = 0;
  `.execute(db);
}
