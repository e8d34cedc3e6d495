import { sql } from "kysely";
import { FeedbackType, OrderStatus } from "../../../contract/enums";
import type { Executor } from "../../db/index";

/**
 * The figures an offer shows, as its orders and feedback make them (ADR 0062): total_trade and
 * total_buy_amount count its completed orders and their faces (orders/money.ts adds to them at each
 * completion), favourable_num its positive feedback (feedback.ts). Nothing seeds them: a writer that
 * inserts orders in bulk (the large world) recounts, and the demo seed's test checks they agree.
 */
const counted = sql`
  select a.id,
         (select count(*) from orders o where o.advert_id = a.id and o.status = ${OrderStatus.Completed})::int as total_trade,
         (select coalesce(sum(o.trade_amount), 0) from orders o where o.advert_id = a.id and o.status = ${OrderStatus.Completed})::bigint as total_buy_amount,
         (select count(*) from feedbacks f join orders o on o.id = f.order_id
           where o.advert_id = a.id and f.type = ${FeedbackType.Positive})::int as favourable_num
  from adverts a`;

/** Sets every offer's figures from its orders and feedback. */
export async function recountAdvertFigures(db: Executor): Promise<void> {
  await sql`
    update adverts a set total_trade = c.total_trade, total_buy_amount = c.total_buy_amount, favourable_num = c.favourable_num
    from (${counted}) c where c.id = a.id`.execute(db);
}

/** The offers whose figures differ from what their orders and feedback say, by id. */
export async function findAdvertFigureMismatches(db: Executor): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select a.id from adverts a join (${counted}) c on c.id = a.id
    where a.total_trade <> c.total_trade or a.total_buy_amount <> c.total_buy_amount or a.favourable_num <> c.favourable_num
    order by a.id`.execute(db);
  return rows.map((r) => Number(r.id));
}
