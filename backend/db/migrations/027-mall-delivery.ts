import { sql, type Kysely } from "kysely";

/**
 * The point mall delivers what it sells (docs/decisions/0052-mall-delivery.md).
 * - redemption_items.look: what a frame or badge shows (a frame's look, "gold"; a badge's words);
 *   redemption_items.retired_at: an item taken out of the mall for good (not listed, not redeemable).
 * - wealth_redemptions keeps what was bought: delivery and delivery_value as the item said then,
 *   the points paid (price), and for a frame or badge the end of its period (active_until).
 * - mall_fulfilments: one row per redemption staff send by hand (airtime, data), Pending until an
 *   administrator marks it Delivered with a reference or Refunded with a reason; the mobile number
 *   the user had bound when redeeming is where the top-up goes.
 * - A frame or badge bought shows on the offers list, which is cached: a redemption with an end
 *   date tells the catalog cache (migration 017's NOTIFY).
 * Existing databases:
 * - an Exchange record the demo seed wrote by hand, with no redemption behind it, gets its
 *   redemption row, so the monthly limit counts it and staff see it to send;
 * - every earlier manual redemption gets a Pending fulfilment;
 * - "Fee-free withdrawal" is retired (withdrawals carry no fee, so it meant nothing) and everyone
 *   still waiting for it gets the points back: the order Refunded, a positive Exchange record and
 *   its ledger row, as the desk's refund writes them. Written here in SQL rather than through
 *   today's ledger module, so this migration does the same thing whenever it runs.
 */
const RETIRED = "Fee-free withdrawal";
const RETIRED_REASON = "Withdrawals carry no fee, so this item is retired. Your points are back.";

export async function up(db: Kysely<any>) {
  await sql`alter table redemption_items add column look text not null default ''`.execute(db);
  await sql`update redemption_items set look = 'gold' where delivery = 'frame'`.execute(db);
  await sql`update redemption_items set look = regexp_replace(name, '\\s*badge\\s*$', '', 'i') where delivery = 'badge'`.execute(db);

  await sql`
    alter table wealth_redemptions
      add column delivery text check (delivery in ('coins', 'frame', 'badge', 'manual')),
      add column delivery_value bigint,
      add column price bigint,
      add column active_until timestamptz`.execute(db);

  // Exchange records with no redemption behind them (the demo seed's, before this change).
  const orphans = await sql<{ id: number; user_id: number; item_id: number; created_at: Date }>`
    select w.id, w.user_id, i.id as item_id, w.created_at
    from wealth_records w
    join redemption_items i on i.name = w.description_en and i.wealth_amount = -w.amount
    where w.type = 3 and w.amount < 0 and w.ref_type is null
    order by w.id`.execute(db);
  for (const o of orphans.rows) {
    const r = await sql<{ id: number }>`
      insert into wealth_redemptions (user_id, item_id, month, created_at)
      values (${o.user_id}, ${o.item_id}, to_char(${o.created_at}::timestamptz at time zone 'Africa/Lagos', 'YYYY-MM'), ${o.created_at})
      returning id`.execute(db);
    await sql`update wealth_records set ref_type = 'wealth_redemption', ref_id = ${r.rows[0].id} where id = ${o.id}`.execute(db);
  }

  await sql`
    update wealth_redemptions r set
      delivery = i.delivery,
      delivery_value = i.delivery_value,
      price = coalesce((select -w.amount from wealth_records w where w.ref_type = 'wealth_redemption' and w.ref_id = r.id and w.amount < 0 limit 1), i.wealth_amount),
      active_until = case when i.delivery in ('frame', 'badge') then r.created_at + i.delivery_value * interval '1 day' end
    from redemption_items i where i.id = r.item_id`.execute(db);
  await sql`
    alter table wealth_redemptions
      alter column delivery set not null,
      alter column delivery_value set not null,
      alter column price set not null`.execute(db);
  // The frames and badges a list of users wears now: their rows with an end, newest first.
  await sql`create index wealth_redemptions_worn on wealth_redemptions (user_id, active_until) where active_until is not null`.execute(db);

  await sql`
    create table mall_fulfilments (
      redemption_id bigint primary key references wealth_redemptions(id),
      -- users.mobile when redeemed ("234-8000000001"): where the top-up goes.
      mobile text,
      status smallint not null default 0 check (status in (0, 1, 2)),
      reference text,
      reason text,
      decided_by bigint references users(id),
      decided_at timestamptz,
      created_at timestamptz not null,
      check (
        (status = 0 and reference is null and reason is null and decided_at is null)
        or (status = 1 and reference is not null and decided_at is not null)
        or (status = 2 and reason is not null and decided_at is not null)
      )
    )`.execute(db);
  // The queue: Pending oldest first; the decided ones newest first.
  await sql`create index mall_fulfilments_by_status on mall_fulfilments (status, redemption_id)`.execute(db);
  await sql`
    insert into mall_fulfilments (redemption_id, mobile, created_at)
    select r.id, u.mobile, r.created_at from wealth_redemptions r join users u on u.id = r.user_id
    where r.delivery = 'manual'`.execute(db);

  // A retired item leaves the mall's list and cannot be redeemed; its rows stay for the redemptions that name it.
  await sql`alter table redemption_items add column retired_at timestamptz`.execute(db);
  const retired = await sql<{ id: number }>`
    update redemption_items set show_type = 0, retired_at = now(), explain_info = 'Retired: withdrawals carry no fee.'
    where name = ${RETIRED} and delivery = 'manual' returning id`.execute(db);
  for (const item of retired.rows) {
    const waiting = await sql<{ id: number; user_id: number; price: number }>`
      select r.id, r.user_id, r.price from wealth_redemptions r join mall_fulfilments f on f.redemption_id = r.id
      where r.item_id = ${item.id} and f.status = 0 order by r.id`.execute(db);
    for (const w of waiting.rows) {
      await sql`update mall_fulfilments set status = 2, reason = ${RETIRED_REASON}, decided_at = now() where redemption_id = ${w.id}`.execute(db);
      const account = await sql<{ wealth_amount: number }>`
        update accounts set wealth_amount = wealth_amount + ${w.price} where user_id = ${w.user_id} returning wealth_amount`.execute(db);
      const after = account.rows[0].wealth_amount;
      await sql`
        insert into wealth_records (user_id, type, description_en, amount, balance_after, ref_type, ref_id)
        values (${w.user_id}, 3, ${`Refund: ${RETIRED}`}, ${w.price}, ${after}, 'mall_refund', ${w.id})`.execute(db);
      await sql`
        insert into ledger_entries (user_id, part, delta, balance_after, reason, ref_type, ref_id)
        values (${w.user_id}, 'wealth', ${w.price}, ${after}, 'point mall refund', 'mall_refund', ${w.id})`.execute(db);
    }
  }

  // A frame or badge bought shows on the cached offers list at once (ADR 0026).
  await sql`
    create trigger wealth_redemptions_catalog_changed after insert or update of active_until on wealth_redemptions
    for each row when (new.active_until is not null) execute function catalog_changed()`.execute(db);
}
