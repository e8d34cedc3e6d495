import { sql, type RawBuilder } from "kysely";
import type { DB, Trx } from "../db/index";
import { PLATFORM_USER_ID } from "../modules/wallet/platform";
import { recountOrderStats } from "../modules/orders/order-stats";
import { recountAdvertFigures } from "../modules/orders/advert-figures";
import { recountTraderDays } from "../modules/trader-figures/days";
import { claimMarker, seedDemoWorld } from "./seed";
import type { SecretBox } from "../security/secret-box";
import { DEMO_LOGINS } from "./world";

/**
 * The large world of docs/product/targets.md#scale (`npm run seed:large`): the demo world plus bulk users, orders,
 * bills and notices, written with INSERT ... SELECT over generate_series in one transaction, so
 * it takes minutes on PGlite and on PostgreSQL (ADR 0027). The books balance like the demo
 * world's: every bill has its ledger row, every account is the sum of its ledger, and each
 * bill's current_amount is the running balance. What the bulk leaves out (ADR 0027): wealth
 * (no points are earned by bulk orders), escrow (bulk orders are completed or cancelled before
 * viewing) and withdrawals. Chat is as the state machine leaves it: each order's conversation
 * with its seller and buyer, and each notice's system message (ADR 0046).
 *
 * The demo seller (the one the bench signs in as) sells one bulk order in `heavyEvery` and gets
 * one bulk bill in `2 * heavyEvery`, so its lists are thousands of pages deep.
 */
export interface LargeSizes {
  users: number;
  orders: number;
  /** Bills in total written by the bulk: one per completed order, one per buying merchant, the rest platform bonuses. */
  bills: number;
  /** The demo seller's share of orders is 1 in heavyEvery. */
  heavyEvery?: number;
}

export const FULL_SIZES: LargeSizes = { users: 50_000, orders: 200_000, bills: 1_000_000 };

export interface LargeWorldReport {
  seconds: number;
  rows: Record<string, number>;
}

/** Marks a database holding the large world: a second run refuses instead of doubling it. */
const LARGE_MARKER = { grp: "system", ckey: "largeSeededAt" } as const;
const BULK_EMAIL_DOMAIN = "@large.test";
/** Every bulk order's advert secret (one sealed copy for all: nobody sells with them again). */
const BULK_SECRET = "large-world";
/** What the buyer writes in every other bulk order's chat (one sealed copy for all). */
const BUYER_WORD = "Card received, checking it now.";
/** The bulk spans this many days before now. */
const SPAN_DAYS = 365;

export function scaledSizes(scale: number): LargeSizes {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return { users: n(FULL_SIZES.users), orders: n(FULL_SIZES.orders), bills: n(FULL_SIZES.bills) };
}

/**
 * Seeds the demo world when missing, then writes the bulk; the database must be migrated. `secrets`
 * is the box of the server that will open the world (its keys): the orders' advert secrets and
 * what people write in chat are sealed with it, as the server's own are, so their pages open.
 */
export async function seedLargeWorld(db: DB, sizes: LargeSizes, secrets: SecretBox, log: (line: string) => void = () => {}): Promise<LargeWorldReport> {
  const started = Date.now();
  await seedDemoWorld(db);
  await db.transaction().execute(async (trx) => {
    if (!(await claimMarker(trx, LARGE_MARKER))) throw new Error("This database already holds the large world: run npm run db:reset first.");
    // The bills' running balances sort a million rows twice: in memory, not in temporary files.
    await sql`set local work_mem = '256MB'`.execute(trx);
    await writeBulk(trx, sizes, secrets, (step, t) => log(`${step} (${((Date.now() - t) / 1000).toFixed(1)} s)`));
  });
  // Fresh statistics, so the planner sees the sizes it now has, and the visibility map a settled
  // database has (index-only scans), rather than leaving both to autovacuum under the bench's load.
  const tables = ["users", "accounts", "orders", "user_order_stats", "advert_secrets", "bills", "ledger_entries", "notices", "chat_conversations", "chat_members", "chat_messages"] as const;
  await sql`vacuum analyze ${sql.join(tables.map((t) => sql.table(t)))}`.execute(db);
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const r = await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(table)}`.execute(db);
    rows[table] = Number(r.rows[0]!.n);
  }
  return { seconds: (Date.now() - started) / 1000, rows };
}

async function idOfEmail(trx: Trx, email: string): Promise<number> {
  return (await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** Asserts that the rows one INSERT ... SELECT just wrote got consecutive ids from `first`, so row k is `first + k - 1`. */
async function firstOfRun(trx: Trx, table: "users" | "advert_secrets" | "orders", after: number, expected: number): Promise<number> {
  const r = await sql<{ lo: number; hi: number; n: number }>`
    select min(id)::bigint as lo, max(id)::bigint as hi, count(*)::bigint as n from ${sql.table(table)} where id > ${after}
  `.execute(trx);
  const { lo, hi, n } = r.rows[0]!;
  if (Number(n) !== expected || Number(hi) - Number(lo) + 1 !== expected) throw new Error(`large world: ${table} ids are not one consecutive run`);
  return Number(lo);
}

/**
 * Fresh statistics of a table just filled, before rows that reference it are written: the
 * foreign-key checks' cached plans were made when it was nearly empty (a Seq Scan per checked
 * row, quadratic in the bulk); ANALYZE invalidates them.
 */
async function analyze(trx: Trx, table: "users" | "advert_secrets" | "orders" | "bills") {
  await sql`analyze ${sql.table(table)}`.execute(trx);
}

async function maxId(trx: Trx, table: "users" | "advert_secrets" | "orders" | "bills"): Promise<number> {
  const r = await sql<{ m: number }>`select coalesce(max(id), 0)::bigint as m from ${sql.table(table)}`.execute(trx);
  return Number(r.rows[0]!.m);
}

async function writeBulk(trx: Trx, sizes: LargeSizes, secrets: SecretBox, done: (step: string, since: number) => void) {
  const sealedSecret = secrets.seal(BULK_SECRET);
  const heavy = sizes.heavyEvery ?? 10;
  const seller = await idOfEmail(trx, DEMO_LOGINS.seller);
  const passwordHash = (await trx.selectFrom("users").select("password_hash").where("id", "=", seller).executeTakeFirstOrThrow()).password_hash;
  const U = sizes.users;
  const N = sizes.orders;

  let t = Date.now();
  const usersBefore = await maxId(trx, "users");
  await sql`
    insert into users (email, nickname, password_hash, invite_code, online_status, created_at)
    select 'user' || g || ${BULK_EMAIL_DOMAIN}, 'Trader' || g, ${passwordHash}, 'L' || g, g % 2,
           now() - make_interval(secs => (${U} - g) * ${(SPAN_DAYS * 86_400) / U}::float8 + 86400)
    from generate_series(1, ${U}) g
  `.execute(trx);
  const firstUser = await firstOfRun(trx, "users", usersBefore, U);
  await analyze(trx, "users");
  await sql`insert into accounts (user_id) select id from users where id >= ${firstUser} on conflict do nothing`.execute(trx);
  await sql`insert into accounts (user_id) values (${PLATFORM_USER_ID}) on conflict do nothing`.execute(trx);
  done(`${U} users and their accounts`, t);

  // Seller of order g: the demo seller for one in `heavy`, else a bulk user spread by a prime stride.
  const sellerOf = (g: RawBuilder<unknown>) => sql`(case when ${g} % ${heavy} = 0 then ${seller} else ${firstUser} + (${g}::bigint * 7919) % ${U} end)`;
  // Offer of order g: every demo offer in turn (their merchants buy).
  const offers = sql`(select a.*, ct.name_en as ct_name, ct.icon as ct_icon, ct.code_format as ct_format,
                            (row_number() over (order by a.id) - 1)::int as k, count(*) over ()::int as na
                     from adverts a join card_types ct on ct.id = a.card_type_id)`;
  const g = sql`g`;

  t = Date.now();
  const secretsBefore = await maxId(trx, "advert_secrets");
  await sql`
    insert into advert_secrets (advert_id, user_id, sealed_secret, secret_hash, created_at, used_at)
    select a.id, ${sellerOf(g)}, ${sealedSecret}, md5('large-world-' || g), now(), now()
    from generate_series(1, ${N}) g join ${offers} a on a.k = g % a.na
  `.execute(trx);
  const firstSecret = await firstOfRun(trx, "advert_secrets", secretsBefore, N);
  await analyze(trx, "advert_secrets");

  // One in ten orders is cancelled (the merchant never viewed it: no coins moved); the rest completed.
  const ordersBefore = await maxId(trx, "orders");
  await sql`
    insert into orders (seller_id, buyer_id, advert_id, card_type_id, card_type, advert_info, trade_amount, trade_currency,
                        discount, usd_discount, calculate_total_price, real_total_price, status, created_at,
                        secret_id, viewed_at, completed_at, cancelled_at)
    select s.seller_id, a.user_id, a.id, a.card_type_id, a.card_type,
           json_build_object('paymentIcon', a.ct_icon, 'paymentNameEn', a.ct_name, 'cardType', a.card_type,
                             'tagListEn', a.tag_list_en, 'explainInfo', a.explain_info, 'codeFormat', a.ct_format)::text,
           s.face, a.trade_currency, a.discount, a.usd_discount, s.face * a.discount / 10000, s.face * a.discount / 10000,
           case when g % 10 = 3 then 5 else 4 end, s.at, ${firstSecret} + g - 1,
           case when g % 10 = 3 then null else s.at + interval '5 minutes' end,
           case when g % 10 = 3 then null else s.at + interval '12 minutes' end,
           case when g % 10 = 3 then s.at + (a.pay_limit || ' minutes')::interval else null end
    from generate_series(1, ${N}) g
    join ${offers} a on a.k = g % a.na
    cross join lateral (select ${sellerOf(g)} as seller_id,
                               (greatest(a.min_trade, least(a.max_trade, 2500 * (1 + g % 20))) / 100) * 100 as face,
                               now() - make_interval(secs => (${N} - g) * ${(SPAN_DAYS * 86_400) / N}::float8 + 3600) as at) s
    order by g
  `.execute(trx);
  const firstOrder = await firstOfRun(trx, "orders", ordersBefore, N);
  await analyze(trx, "orders");
  // The users' order figures, as createOrder and the move to Completed keep them.
  await recountOrderStats(trx);
  // And the offers' trades, as the move to Completed counts them: an offer says what its orders do.
  await recountAdvertFigures(trx);
  // And the merchants' figures over 30 days, as each move keeps them (ADR 0069).
  await recountTraderDays(trx);
  done(`${N} orders and their secrets`, t);

  // The seller's notice of each order, as the state machine words it; the newest 30 unread.
  t = Date.now();
  const label = sql`(o.advert_info::json ->> 'paymentNameEn') || ' ' || (o.trade_amount / 100) || ' ' || o.trade_currency`;
  await sql`
    insert into notices (user_id, type, ref_id, status, title_en, content_en, opposite_user_id, goods_name,
                         trans_amount, trans_currency, trans_price, created_at)
    select o.seller_id, 1, o.id, case when o.id > ${firstOrder + N - 31} then 0 else 1 end,
           case when o.status = 4 then 'Order completed' else 'Order cancelled' end,
           case when o.status = 4
                then 'You received ' || (o.real_total_price / 100) || '.' || lpad((o.real_total_price % 100)::text, 2, '0')
                     || ' Coins for your ' || ${label} || ' card.'
                else 'The merchant did not view your ' || ${label} || ' card in time. The card was not used and is stored safely.' end,
           o.buyer_id, o.advert_info::json ->> 'paymentNameEn', o.trade_amount, o.trade_currency, o.real_total_price,
           coalesce(o.completed_at, o.cancelled_at)
    from orders o where o.id >= ${firstOrder} order by o.id
  `.execute(trx);
  done(`${N} notices`, t);

  t = Date.now();
  await writeBulkChat(trx, firstOrder, N, secrets.seal(BUYER_WORD));
  done(`chat: each order's conversation and system message`, t);

  // Every coin movement the users see, in time order: the seller's income of each completed order,
  // each buying merchant's top-up before its first order (it pays for them), platform bonuses to fill
  // up to `bills`. Ids and each user's running balance are assigned in that order.
  t = Date.now();
  const billsBefore = await maxId(trx, "bills");
  const counts = await sql<{ completed: number; merchants: number }>`
    select count(*)::bigint as completed, count(distinct buyer_id)::bigint as merchants from orders where id >= ${firstOrder} and status = 4
  `.execute(trx);
  const fillers = Math.max(0, sizes.bills - Number(counts.rows[0]!.completed) - Number(counts.rows[0]!.merchants));
  const fillerUser = sql`(case when f % ${2 * heavy} = 0 then ${seller} else ${firstUser} + (f::bigint * 104729) % ${U} end)`;
  await sql`
    with m as (
      select o.seller_id as user_id, 1 as type, 'Sold ' || ${label} as description, o.real_total_price as delta,
             o.buyer_id as opposite, 'order' as ref_type, o.id as ref_id, o.completed_at as at, 1 as src, o.id as k
      from orders o where o.id >= ${firstOrder} and o.status = 4
      union all
      select o.buyer_id, 4, 'Coins bought for the large world''s orders', sum(o.real_total_price), null, null, null,
             min(o.created_at) - interval '1 day', 0, o.buyer_id
      from orders o where o.id >= ${firstOrder} and o.status = 4 group by o.buyer_id
      union all
      select ${fillerUser}, 4, 'Platform bonus', 100 * (1 + f % 50), ${PLATFORM_USER_ID}, null, null,
             now() - make_interval(secs => (${fillers} - f) * ${(SPAN_DAYS * 86_400) / Math.max(1, fillers)}::float8 + 60), 2, f
      from generate_series(1, ${fillers}) f
    )
    insert into bills (id, user_id, type, description_en, trans_amount, current_amount, opposite_user_id, ref_type, ref_id, created_at)
    select ${billsBefore} + row_number() over (order by m.at, m.src, m.k),
           m.user_id, m.type, m.description, m.delta,
           acc.amount + sum(m.delta) over (partition by m.user_id order by m.at, m.src, m.k rows between unbounded preceding and current row),
           m.opposite, m.ref_type, m.ref_id, m.at
    from m join accounts acc on acc.user_id = m.user_id
  `.execute(trx);
  await sql`select setval(pg_get_serial_sequence('bills', 'id'), (select max(id) from bills))`.execute(trx);
  await analyze(trx, "bills");
  done(`${sizes.bills} bills`, t);

  // The books: one ledger row per bill, then the other side in one row per payer (each merchant
  // pays for its orders, the platform for top-ups and bonuses; ADR 0024 lets it overdraw).
  t = Date.now();
  await sql`
    insert into ledger_entries (user_id, part, delta, balance_after, bill_id, reason, ref_type, ref_id, created_at)
    select user_id, 'amount', trans_amount, current_amount, id,
           case when ref_type = 'order' then 'order completed: card sold' else 'large world: ' || lower(description_en) end,
           ref_type, ref_id, created_at
    from bills where id > ${billsBefore} order by id
  `.execute(trx);
  await sql`
    update accounts a set amount = a.amount + s.d
    from (select user_id, sum(trans_amount)::bigint as d from bills where id > ${billsBefore} group by user_id) s
    where a.user_id = s.user_id
  `.execute(trx);
  const payers = await sql<{ user_id: number; paid: number; reason: string }>`
    select buyer_id as user_id, sum(real_total_price)::bigint as paid, 'large world: ' || count(*) || ' orders paid' as reason
    from orders where id >= ${firstOrder} and status = 4 group by buyer_id
    union all
    select ${PLATFORM_USER_ID}, sum(trans_amount)::bigint, 'large world: top-ups and bonuses paid'
    from bills where id > ${billsBefore} and type = 4
  `.execute(trx);
  for (const p of payers.rows) {
    const paid = Number(p.paid);
    if (paid === 0) continue;
    const after = await trx
      .updateTable("accounts")
      .set((eb) => ({ amount: eb("amount", "-", paid) }))
      .where("user_id", "=", Number(p.user_id))
      .returning("amount")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("ledger_entries")
      .values({ user_id: Number(p.user_id), part: "amount", delta: -paid, balance_after: after.amount, reason: p.reason })
      .execute();
  }
  done(`ledger rows`, t);
}

/**
 * What the state machine writes to chat for the bulk orders (notices/notify.ts): every notice is
 * also a message in its user's system conversation, and every order event registers the order's
 * conversation for its seller and buyer. The buyer wrote in every other order's conversation.
 * Ids follow time. Read: the buyer's word by the seller, and the system messages but those of the
 * newest 30 orders (as their notices). The buyer's read position stays before its own message, as
 * a client leaves it, so a merchant has thousands of conversations ending in its own word. What
 * people write is sealed (ADR 0056): the buyer's one sentence, sealed once; the system messages
 * are the notices' words, readable like them.
 */
async function writeBulkChat(trx: Trx, firstOrder: number, N: number, sealedWord: string) {
  const before = Number((await sql<{ m: number }>`select coalesce(max(id), 0)::bigint as m from chat_messages`.execute(trx)).rows[0]!.m);
  await sql`
    insert into chat_conversations (key, kind, user_a, created_at)
    select 'system:' || s.seller_id, 'system', s.seller_id, now() - make_interval(days => ${SPAN_DAYS + 1})
    from (select distinct seller_id from orders where id >= ${firstOrder}) s
    on conflict (key) do nothing
  `.execute(trx);
  await sql`
    insert into chat_conversations (key, kind, order_id, user_a, user_b, created_at)
    select 'group:' || o.id, 'group', o.id, o.seller_id, o.buyer_id, o.created_at from orders o where o.id >= ${firstOrder} order by o.id
  `.execute(trx);
  await sql`
    insert into chat_members (conversation_id, user_id)
    select c.id, c.user_a from chat_conversations c where c.kind = 'system' or (c.kind = 'group' and c.order_id >= ${firstOrder})
    union all
    select c.id, c.user_b from chat_conversations c where c.kind = 'group' and c.order_id >= ${firstOrder}
    on conflict do nothing
  `.execute(trx);
  await sql`analyze chat_conversations`.execute(trx);
  await sql`
    insert into chat_messages (conversation_id, sender_id, type, text, ref_type, ref_id, created_at)
    select m.conversation_id, m.sender_id, 'text', m.text, m.ref_type, m.ref_id, m.at from (
      select g.id as conversation_id, o.buyer_id as sender_id, ${sealedWord}::text as text,
             null::text as ref_type, null::bigint as ref_id, o.created_at + interval '6 minutes' as at, 0 as src, o.id as k
      from orders o join chat_conversations g on g.key = 'group:' || o.id
      where o.id >= ${firstOrder} and o.id % 2 = 0
      union all
      select s.id, null, n.title_en || E'\n' || n.content_en, 'order', n.ref_id, n.created_at, 1, n.id
      from notices n join chat_conversations s on s.key = 'system:' || n.user_id
      where n.type = 1 and n.ref_id >= ${firstOrder}
    ) m order by m.at, m.src, m.k
  `.execute(trx);
  // Each notice names its message, as notify() writes it (ADR 0059).
  await sql`
    update notices n set chat_message_id = m.id
    from chat_messages m join chat_conversations s on s.id = m.conversation_id
    where m.id > ${before} and m.sender_id is null and m.ref_type = 'order' and s.key = 'system:' || n.user_id
      and n.type = 1 and n.ref_id >= ${firstOrder} and m.ref_id = n.ref_id and m.created_at = n.created_at
  `.execute(trx);
  // What insertMessage keeps on each membership: the newest message, and the newest from someone else.
  await sql`
    update chat_members me set last_message_id = l.id, last_incoming_id = l.id
    from (select conversation_id, max(id) as id from chat_messages where id > ${before} group by conversation_id) l
    where l.conversation_id = me.conversation_id
  `.execute(trx);
  await sql`
    update chat_members me set last_incoming_id = 0
    from chat_conversations c where c.id = me.conversation_id and c.kind = 'group' and c.order_id >= ${firstOrder} and me.user_id = c.user_b
  `.execute(trx);
  // Read: the seller read the buyer's word (the buyer never "reads" its own); the system messages but the newest 30 orders'.
  await sql`
    update chat_members me set last_read_id = r.id
    from (select conversation_id, max(id) as id from chat_messages
          where id > ${before} and (ref_id is null or ref_id <= ${firstOrder + N - 31}) group by conversation_id) r,
         chat_conversations c
    where r.conversation_id = me.conversation_id and c.id = me.conversation_id and me.last_read_id < r.id
      and not (c.kind = 'group' and me.user_id = c.user_b)
  `.execute(trx);
}
