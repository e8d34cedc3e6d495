/**
 * The plans of the hot lists (ADR 0027), on PGlite and on PostgreSQL: each module's own
 * function runs its query through a recording plugin, and that exact query (SQL and parameters)
 * is EXPLAINed. A list must read its table through an index, never by a Seq Scan, and a deep
 * page must come out of the index in order (no Sort of more than a page and a bit).
 *
 * The orders, bills and notices come from the large world at a small scale, ANALYZEd, so the
 * planner chooses with real statistics. For a typical user (a handful of rows) it must pick one of
 * the user's own indexes. For the demo seller and the merchants, who own a tenth or a sixth of a table
 * spread evenly over time, walking the primary key backwards from the cursor and keeping their
 * rows is as good (about ten rows read per row kept), and the planner may choose it: there the
 * test asks only for an index read. The chat is the state machine's: a conversation per order
 * and a system message per notice. Offers and withdrawals stay demo-sized
 * here (a few rows, where a Seq Scan is the right plan), so their checks run with
 * enable_seqscan off: that only asks whether the index matches the query, hence the index name
 * is asserted too.
 */
import { traderFiguresOf, TraderSide } from "../../backend/modules/trader-figures/days";
import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from "kysely";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { OrderListTab } from "../../contract/enums";
import type { DB } from "../../backend/db/index";
import { scaledSizes, seedLargeWorld } from "../../backend/demo/large-world";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { activeAdverts, offerSummariesWithout } from "../../backend/modules/catalog/queries";
import { wornBy } from "../../backend/modules/membership/adornments";
import { conversationPage, UNREAD_CAP } from "../../backend/modules/chat/conversations";
import { CONVERSATION_LIST_MAX } from "../../contract/chat-protocol";
import { feed, lastMessageIdFor, unreadTotal } from "../../backend/modules/chat/messages";
import { buyerOrderPage, orderMoney, sellerOrderPage } from "../../backend/modules/orders/queries";
import { countTradingOrders, countUnread, latestUnread, noticePage } from "../../backend/modules/notices/queries";
import { billPage } from "../../backend/modules/wallet/queries";
import { ownerWithdrawalPage } from "../../backend/modules/withdrawals/queries";
import { tradeTimesBetween } from "../../backend/modules/relationships/queries";
import { createSecretBox } from "../../backend/security/secret-box";
import { TEST_DATA_KEY } from "../support/backend";
import { useBackend } from "../support/use-backend";

const t = useBackend();

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Plan Rows"?: number;
  Plans?: PlanNode[];
}

/** Runs `fn` on a database whose queries are recorded; returns the first that reads `table` (the list's own query). */
async function firstQueryOf(db: DB, fn: (db: DB) => Promise<unknown>, table: string): Promise<RootOperationNode> {
  const seen: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (seen.push(node), node),
    transformResult: async ({ result }) => result,
  };
  await fn(db.withPlugin(recorder));
  const reads = new RegExp(`\\b${table}\\b`);
  const first = seen.find((node) => reads.test(db.getExecutor().compileQuery(node, createQueryId()).sql));
  expect(first, `no query of ${table}`).toBeDefined();
  return first!;
}

/** EXPLAIN (json) of that query with its parameters; `forceIndex` turns Seq Scans off for this transaction only. */
async function explain(db: DB, node: RootOperationNode, forceIndex: boolean): Promise<PlanNode> {
  const compiled = db.getExecutor().compileQuery(node, createQueryId());
  return db.transaction().execute(async (trx) => {
    if (forceIndex) await sql`set local enable_seqscan = off`.execute(trx);
    const r = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
    const cell = Object.values(r.rows[0]!)[0];
    const json = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
    return json[0]!.Plan;
  });
}

function nodes(p: PlanNode): PlanNode[] {
  return [p, ...(p.Plans ?? []).flatMap(nodes)];
}

/** Names the scans of `table` in the plan, as "Index Scan orders_seller" etc. (bitmap scans by their index). */
function scansOf(plan: PlanNode, table: string): string[] {
  const out: string[] = [];
  for (const n of nodes(plan)) {
    if (n["Relation Name"] !== table) continue;
    if (n["Node Type"] === "Bitmap Heap Scan") for (const c of nodes(n).slice(1)) out.push(`${c["Node Type"]} ${c["Index Name"] ?? ""}`.trim());
    else out.push(`${n["Node Type"]} ${n["Index Name"] ?? ""}`.trim());
  }
  return out;
}

/** More rows than a page and a bit: a Sort of more means the list's order does not come from an index. */
const SORT_AT_MOST = 100;

/** A list's reads with the box that opens what they seal (ADR 0056). */
const store = (db: DB) => ({ db, secrets: t.b.backend.services.secrets });

/** `index`: the index (or one of the indexes) the list's read must use; "any": any index. */
async function expectIndex(
  fn: (db: DB) => Promise<unknown>,
  table: string,
  index: string | string[],
  opts: { forceIndex?: boolean } = {},
) {
  const plan = await explain(t.b.db, await firstQueryOf(t.b.db, fn, table), opts.forceIndex ?? false);
  const scans = scansOf(plan, table);
  const text = JSON.stringify(plan);
  // Every read of the table goes through an index, and the list's own read through the expected one.
  expect(scans.length, text).toBeGreaterThan(0);
  for (const s of scans) expect(s, text).toMatch(/^(Index Scan|Index Only Scan|Bitmap Index Scan) /);
  const used = scans.map((s) => s.replace(/^.* /, ""));
  if (index !== "any") expect(used.some((u) => [index].flat().includes(u)), `${used.join(", ")} in ${text}`).toBe(true);
  // A deep page comes out of the index in order: a Sort of many rows would mean every matching row
  // is read first. Sorting a handful (a typical user's rows, a card type's few) is fine.
  const sorts = nodes(plan).filter((n) => n["Node Type"] === "Sort" && (n["Plan Rows"] ?? 0) > SORT_AT_MOST);
  expect(sorts, text).toEqual([]);
}

let seller = 0;
let merchant = 0;
/** A bulk user with a few orders, bills and notices. */
let typical = 0;
let deepOrder = 0;
let deepBill = 0;
let deepNotice = 0;

describe("query plans of the hot lists", () => {
  beforeAll(async () => {
    // 1,000 users, 4,000 orders, 20,000 bills; the demo seller has half of the orders, so that
    // its 2,000 order conversations are ten times the conversation list's 200, as at full scale.
    await seedLargeWorld(t.b.db, { ...scaledSizes(0.02), heavyEvery: 2 }, createSecretBox(TEST_DATA_KEY));
    const db = t.b.db;
    seller = (await db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.seller).executeTakeFirstOrThrow()).id;
    typical = (await db.selectFrom("orders").select("seller_id").where("seller_id", "<>", seller).orderBy("id", "desc").executeTakeFirstOrThrow()).seller_id;
    merchant = (await db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.merchants[0]).executeTakeFirstOrThrow()).id;
    // Cursors half way down the seller's lists: the pages a deep scroll asks for.
    const middle = async (q: Promise<{ id: number }[]>) => {
      const ids = await q;
      return ids[Math.floor(ids.length / 2)]!.id;
    };
    deepOrder = await middle(db.selectFrom("orders").select("id").where("seller_id", "=", seller).where("status", "=", 4).orderBy("id").execute());
    deepBill = await middle(db.selectFrom("bills").select("id").where("user_id", "=", seller).orderBy("id").execute());
    deepNotice = await middle(db.selectFrom("notices").select("id").where("user_id", "=", seller).orderBy("id").execute());
  }, 120_000);

  it("seeds a world whose demo seller has deep lists", async () => {
    expect(deepOrder).toBeGreaterThan(0);
    expect(deepBill).toBeGreaterThan(0);
    expect(deepNotice).toBeGreaterThan(0);
  });

  it("seeds orders whose pages open: their advert secrets are sealed with the server's key", async () => {
    const token = await t.b.login(DEMO_LOGINS.seller);
    const res = await t.b.call("/order/getOrderDetails", { id: deepOrder }, { token });
    expect(res.code, res.msg).toBe(1);
    expect((res.data as { orderInfo: { id: number } }).orderInfo.id).toBe(deepOrder);
  });

  // A typical user's few rows come from one of its indexes; a heavy user's deep page from any, in order.
  it("the order list reads the seller's orders by index, in id order, for every tab and filter", async () => {
    const own = ["orders_seller", "orders_seller_card", "orders_seller_active"];
    await expectIndex((db) => sellerOrderPage(store(db), typical, { tab: OrderListTab.Completed }), "orders", own);
    await expectIndex((db) => sellerOrderPage(store(db), typical, { tab: OrderListTab.Completed, cardTypeId: 1 }), "orders", own);
    await expectIndex((db) => sellerOrderPage(store(db), seller, { tab: OrderListTab.Completed, lastId: deepOrder }), "orders", "any");
    await expectIndex((db) => sellerOrderPage(store(db), seller, { tab: OrderListTab.Completed, cardTypeId: 1, lastId: deepOrder }), "orders", "any");
    // No bulk order is active: the partial index is the plan for everyone.
    await expectIndex((db) => sellerOrderPage(store(db), seller, { tab: OrderListTab.Active, lastId: deepOrder }), "orders", "orders_seller_active");
  });

  it("the merchant's order list reads its orders by index, with and without a status", async () => {
    const own = ["orders_buyer", "orders_buyer_recent"];
    await expectIndex((db) => buyerOrderPage(store(db), typical, {}), "orders", own);
    await expectIndex((db) => buyerOrderPage(store(db), typical, { status: 4 }), "orders", own);
    await expectIndex((db) => buyerOrderPage(store(db), merchant, { lastId: deepOrder }), "orders", "any");
    await expectIndex((db) => buyerOrderPage(store(db), merchant, { status: 4, lastId: deepOrder }), "orders", "any");
  });

  it("the bill list reads the user's bills by index, of every type or one", async () => {
    const own = ["bills_user", "bills_user_type"];
    await expectIndex((db) => billPage(db, typical, {}), "bills", own);
    await expectIndex((db) => billPage(db, typical, { type: 1 }), "bills", own);
    await expectIndex((db) => billPage(db, seller, { lastId: deepBill }), "bills", "any");
    await expectIndex((db) => billPage(db, seller, { type: 1, lastId: deepBill }), "bills", "any");
  });

  it("the staff order page sums one order's ledger rows through their index, not a busy merchant's whole ledger (ADR 0051)", async () => {
    const o = await t.b.db.selectFrom("orders").select(["id", "buyer_id", "seller_id"]).where("seller_id", "=", seller).where("status", "=", 4).orderBy("id", "desc").executeTakeFirstOrThrow();
    await expectIndex((db) => orderMoney(db, o), "ledger_entries", "ledger_entries_order");
  });

  it("the notice list and the bell read notices by index; the badges count only open things", async () => {
    await expectIndex((db) => noticePage(db, typical), "notices", ["notices_user", "notices_user_unread"]);
    await expectIndex((db) => noticePage(db, seller, deepNotice), "notices", "any");
    await expectIndex((db) => latestUnread(db, seller), "notices", "notices_user_unread");
    await expectIndex((db) => countUnread(db, seller), "notices", "notices_user_unread");
    await expectIndex((db) => countTradingOrders(db, seller), "orders", "orders_seller_active");
  });

  it("getAdvertList and the withdrawal list match their indexes", async () => {
    const force = { forceIndex: true };
    await expectIndex((db) => activeAdverts(db, 1), "adverts", "adverts_card_type", force);
    // Home's counts for a seller with blocks (ADR 0059) start from the blocked merchants' own adverts.
    await expectIndex((db) => offerSummariesWithout(db, [merchant]), "adverts", "adverts_user", force);
    await expectIndex((db) => ownerWithdrawalPage(store(db), seller, { lastId: 1_000_000 }), "withdrawals", "withdrawals_user", force);
    // The frames and badges of a list's users (ADR 0052): one read of the worn rows, whoever asks.
    await expectIndex((db) => wornBy(db, [seller, merchant, typical], new Date()), "wealth_redemptions", "wealth_redemptions_worn", force);
    // The listed traders' figures (ADR 0069): one range of the day rows' primary key per trader.
    await expectIndex((db) => traderFiguresOf(db, TraderSide.Merchant, [seller, merchant, typical], new Date()), "trader_days", "trader_days_pkey", force);
  });

  it("the chat reads the newest or the unread memberships, not every conversation of a busy seller", async () => {
    const fmt = { now: new Date(), secrets: createSecretBox(TEST_DATA_KEY) };
    const since = Number((await t.b.db.selectFrom("chat_messages").select((eb) => eb.fn.max("id").as("m")).executeTakeFirstOrThrow()).m) - 50;
    const firstPage = (who: number) => (db: DB) => conversationPage(db, who, { limit: CONVERSATION_LIST_MAX, ...fmt });
    for (const who of [seller, merchant]) {
      await expectIndex(firstPage(who), "chat_members", "chat_members_recent");
      await expectIndex((db) => unreadTotal(db, who, UNREAD_CAP), "chat_members", "chat_members_unread");
      // A system message unread in the chat is looked up in its notice (ADR 0059: read once) by the notice's index.
      await expectIndex((db) => unreadTotal(db, who, UNREAD_CAP), "notices", "notices_chat_message");
      await expectIndex((db) => lastMessageIdFor(db, who), "chat_members", "chat_members_recent");
      // The newest 50 messages: reading them by id and their memberships by key is as good a plan as any.
      await expectIndex((db) => feed(db, who, since, 100, "asc"), "chat_members", "any");
    }
    // A page deep down the seller's list starts in the index where the cursor points.
    const deep = await t.b.db
      .selectFrom("chat_members")
      .select(["last_message_id", "conversation_id"])
      .where("user_id", "=", seller)
      .orderBy("last_message_id", "desc")
      .orderBy("conversation_id", "desc")
      .offset(1000)
      .executeTakeFirstOrThrow();
    const before = { lastMessageId: Number(deep.last_message_id), conversationId: Number(deep.conversation_id) };
    const deepPage = (db: DB) => conversationPage(db, seller, { limit: 20, before, ...fmt });
    await expectIndex(deepPage, "chat_members", "chat_members_recent");
    // ...and the cursor is where the index read starts, not a filter on everything before it.
    const plan = await explain(t.b.db, await firstQueryOf(t.b.db, deepPage, "chat_members"), false);
    const read = nodes(plan).find((n) => n["Index Name"] === "chat_members_recent") as PlanNode & { "Index Cond"?: string };
    expect(read?.["Index Cond"], JSON.stringify(plan)).toMatch(/last_message_id/);
    // A typical user's handful of conversations may come from either of its indexes.
    await expectIndex(firstPage(typical), "chat_members", ["chat_members_recent", "chat_members_user"]);
    await expectIndex((db) => unreadTotal(db, typical, UNREAD_CAP), "chat_members", ["chat_members_unread", "chat_members_user", "chat_members_recent"]);
  });

  it("a user's page counts the trades between two users from the pair's range of the pair index", async () => {
    const completed = await t.b.db
      .selectFrom("orders")
      .select(["seller_id", "buyer_id"])
      .where("status", "=", 4)
      .where((eb) => eb.or([eb("seller_id", "=", seller), eb("buyer_id", "=", seller)]))
      .execute();
    const between = completed.filter((o) => o.seller_id === merchant || o.buyer_id === merchant).length;
    expect(between).toBeGreaterThan(0);
    expect(await tradeTimesBetween(t.b.db, seller, merchant)).toBe(between);
    expect(await tradeTimesBetween(t.b.db, merchant, seller)).toBe(between);
    await expectIndex((db) => tradeTimesBetween(db, seller, merchant), "orders", "orders_completed_pair");
    // The read starts at the pair: no filter over every completed order of the two.
    const plan = await explain(t.b.db, await firstQueryOf(t.b.db, (db) => tradeTimesBetween(db, seller, merchant), "orders"), false);
    const reads = nodes(plan).filter((n) => n["Relation Name"] === "orders") as Array<PlanNode & { "Index Cond"?: string; Filter?: string }>;
    expect(reads.length, JSON.stringify(plan)).toBe(1);
    expect(reads[0]!["Index Cond"], JSON.stringify(plan)).toMatch(/least.*greatest/i);
    expect(reads[0]!.Filter, JSON.stringify(plan)).toBeUndefined();
  });

  it("the count of unread notices stops at one past the badge's cap", async () => {
    const db = t.b.db;
    await db.updateTable("notices").set({ status: 0 }).where("user_id", "=", seller).execute();
    expect(await countUnread(db, seller)).toBe(100);
  });
});
