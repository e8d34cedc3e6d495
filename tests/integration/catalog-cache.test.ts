import { sql, type KyselyPlugin, type RawBuilder } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BannerLocation } from "../../contract/enums";
import { createBackend } from "../../backend/app";
import { openDatabase, type DB, type Notifications } from "../../backend/db/index";
import { createWriteWatch } from "../../backend/db/write-watch";
import { createCatalogCache } from "../../backend/modules/catalog/cache";
import { createSecretBox } from "../../backend/security/secret-box";
import { TEST_DATA_KEY, createTestBackend, type Envelope, type TestBackend } from "../support/backend";
import { addOrder, expectOk, expectRefused, makeAdvert, orderRow, parties, secretFor, type Parties } from "../support/orders";

/**
 * The catalog cache (docs/decisions/0026-catalog-cache.md): served from memory, forgotten on
 * every kind of write in this process at once and, on PostgreSQL, in a second backend process
 * on the same database through NOTIFY; never what an order is decided on; per-user filters after.
 */

type Call = (path: string, body?: unknown, token?: string) => Promise<Envelope>;

/** A write nobody hears (triggers off for it, raw SQL unseen by the write watch): shows what the cache still serves. */
async function unheard(db: DB, statement: RawBuilder<unknown>) {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

/** A second backend process's view of the same PostgreSQL database: its own pool, cache and listener. */
async function secondProcess(t: TestBackend) {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, schema: t.schema });
  const catalog = createCatalogCache(database.db, database.notifications, database.writes, () => {});
  await catalog.ready;
  const backend = createBackend({ db: database.db, config: t.config, clock: t.clock, secrets: createSecretBox(TEST_DATA_KEY), log: () => {}, catalog });
  const call: Call = async (path, body, token) => {
    const headers = new Headers({ "content-type": "application/json", IPv4: "10.0.0.2" });
    if (token) headers.set("Authorization", token);
    const res = await backend.handle(new Request(`http://test/client${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) }), { trusted: true });
    return (await res.json()) as Envelope;
  };
  return {
    call,
    settled: () => catalog.settled(),
    async close() {
      await catalog.close();
      await database.close();
    },
  };
}

let t: TestBackend;
let p: Parties;
let appleId: number;
/** The card type the tests rename (not Apple: makeAdvert finds Apple by its name). */
let renamedId: number;
let second: Awaited<ReturnType<typeof secondProcess>> | undefined;
const here: Call = (path, body, token) => t.call(path as never, body as never, { token });

beforeAll(async () => {
  t = await createTestBackend();
  await t.backend.services.catalog.ready; // on once its start-up probe came back
  p = await parties(t);
  appleId = (await t.db.selectFrom("card_types").select("id").where("name_en", "=", "Apple Gift Card").executeTakeFirstOrThrow()).id;
  renamedId = (await t.db.selectFrom("card_types").select("id").where("id", "<>", appleId).orderBy("id").executeTakeFirstOrThrow()).id;
  if (t.kind === "postgres") second = await secondProcess(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const cardTypeName = async (call: Call, id: number) => ((await call("/cardType/getCardType")).data.list as { id: number; nameEn: string }[]).find((c) => c.id === id)?.nameEn;
const advertIds = async (call: Call, token?: string) => ((await call("/advert/getAdvertList", { cardTypeId: appleId }, token)).data.list as { id: number }[]).map((a) => a.id);
const ngnRate = async (call: Call) => (await call("/systemConfig/getSystemConfig")).data.NGNRate as number;
const bannerNames = async (call: Call) => ((await call("/banner/getBanners", { location: BannerLocation.Home })).data.list as { nameEn: string }[]).map((b) => b.nameEn);
const merchantOnline = async (call: Call, merchantId: number) =>
  ((await call("/advert/getAdvertList", { cardTypeId: appleId })).data.businessList as { id: number; onlineStatus: number }[]).find((m) => m.id === merchantId)?.onlineStatus;

interface Kind {
  name: string;
  /** Before the first read (a fresh advert for the pause). */
  prepare?(): Promise<unknown>;
  read(call: Call): Promise<unknown>;
  unheard(tag: string): Promise<unknown>;
  write(tag: string): Promise<unknown>;
  /** What read gives once the write is heard. */
  fresh(tag: string): unknown;
}

let advert = 0;

/** Each kind of catalogue write: what to read, a write nobody hears, and a real write through Kysely, with what each leaves. */
const kinds: Kind[] = [
  {
    name: "a changed card type",
    read: (call: Call) => cardTypeName(call, renamedId),
    unheard: (tag: string) => unheard(t.db, sql`update card_types set name_en = ${`Card ${tag} unheard`} where id = ${renamedId}`),
    write: (tag: string) => t.db.updateTable("card_types").set({ name_en: `Card ${tag}` }).where("id", "=", renamedId).execute(),
    fresh: (tag: string) => `Card ${tag}`,
  },
  {
    name: "a paused advert",
    prepare: async () => (advert = await makeAdvert(t, { merchantId: p.merchant.id })),
    read: async (call: Call) => (await advertIds(call)).includes(advert),
    unheard: () => unheard(t.db, sql`update adverts set status = 2 where id = ${advert}`),
    async write() {
      // The unheard pause stands in the database; listing it again and pausing it: two real writes.
      await t.db.updateTable("adverts").set({ status: 1 }).where("id", "=", advert).execute();
      await t.db.updateTable("adverts").set({ status: 2 }).where("id", "=", advert).execute();
    },
    fresh: () => false,
  },
  {
    name: "a config change",
    read: ngnRate,
    unheard: () => unheard(t.db, sql`update config set cvalue = '11111' where grp = 'system' and ckey = 'NGNRate'`),
    write: (tag: string) => t.db.updateTable("config").set({ cvalue: String(tag.length * 1000) }).where("grp", "=", "system").where("ckey", "=", "NGNRate").execute(),
    fresh: (tag: string) => tag.length * 1000,
  },
  {
    name: "a new banner",
    read: bannerNames,
    unheard: (tag: string) => unheard(t.db, sql`insert into banners (pic, type, name_en, url, location) values ('/b.png', 1, ${`unheard ${tag}`}, '', 'home')`),
    write: (tag: string) => t.db.insertInto("banners").values({ pic: "/b.png", type: 1, name_en: `Banner ${tag}`, url: "", location: BannerLocation.Home }).execute(),
    fresh: (tag: string) => expect.arrayContaining([`Banner ${tag}`, `unheard ${tag}`]),
  },
  {
    name: "a merchant going offline",
    read: (call: Call) => merchantOnline(call, p.merchant2.id),
    unheard: () => unheard(t.db, sql`update users set online_status = 0 where id = ${p.merchant2.id}`),
    write: (tag: string) => t.db.updateTable("users").set({ online_status: tag.length }).where("id", "=", p.merchant2.id).execute(),
    fresh: (tag: string) => tag.length,
  },
];

describe("the catalog cache in this process", () => {
  for (const kind of kinds) {
    it(`serves from memory and forgets at once on ${kind.name}`, async () => {
      await kind.prepare?.();
      // No notification of an earlier write still on its way (it would empty the cache below).
      await t.backend.services.catalog.settled();
      const before = await kind.read(here);
      await kind.unheard("here");
      // Still what it was: this answer came from memory, not the database.
      expect(await kind.read(here)).toEqual(before);
      await kind.write("here");
      // Read-your-writes: no waiting for the notification.
      expect(await kind.read(here)).toEqual(kind.fresh("here"));
    });
  }

  it.skipIf(!process.env.DATABASE_URL)("forgets a write made by its qualified name from a session whose search_path is elsewhere", async () => {
    await cardTypeName(here, renamedId);
    await t.db.transaction().execute(async (trx) => {
      await sql`set local search_path = pg_catalog`.execute(trx);
      await sql`update ${sql.id(t.schema!, "card_types")} set name_en = 'Card from afar' where id = ${renamedId}`.execute(trx);
    });
    await expect.poll(() => cardTypeName(here, renamedId), { timeout: 3000 }).toBe("Card from afar");
  });

  it("forgets a write made by hand outside this process's Kysely (the trigger's NOTIFY)", async () => {
    await cardTypeName(here, renamedId);
    await t.db.executeQuery(sql`update card_types set name_en = 'Card by hand' where id = ${renamedId}`.compile(t.db));
    await expect.poll(() => cardTypeName(here, renamedId), { timeout: 3000 }).toBe("Card by hand");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("the catalog cache in a second process on the same PostgreSQL database", () => {
  for (const kind of kinds) {
    it(`forgets ${kind.name} written by the first process (LISTEN/NOTIFY)`, async () => {
      const other = second!.call;
      await kind.prepare?.();
      // The first backend's writes so far (the advert above) reached this one too.
      await expect.poll(() => kind.read(other), { timeout: 3000 }).toEqual(await kind.read(here));
      await second!.settled();
      const before = await kind.read(other);
      await kind.unheard("there");
      expect(await kind.read(other)).toEqual(before);
      await kind.write("there");
      await expect.poll(() => kind.read(other), { timeout: 3000 }).toEqual(kind.fresh("there"));
    });
  }
});

describe("the catalog cache while its listener is lost", () => {
  it("loads every read from the database until the listener is back, then keeps values again", async () => {
    // The cache alone, on a listener we drive: lost and back are the connection's own events.
    let events: { payload: (p: string) => void; back?: () => void; lost?: () => void } | undefined;
    const driven: Notifications = {
      listen: async (_channel, payload, back, lost) => {
        events = { payload, back, lost };
        return async () => undefined;
      },
      notify: async () => undefined,
    };
    const cache = createCatalogCache(t.db, driven, createWriteWatch(), () => {});
    await expect.poll(() => events).toBeDefined();
    events!.payload("probe"); // what the start-up probe would bring back
    await cache.ready;
    let loads = 0;
    const load = async () => ++loads;
    await cache.read("k", load);
    await cache.read("k", load);
    expect(loads).toBe(1);
    events!.lost!();
    await cache.read("k", load);
    await cache.read("k", load);
    expect(loads).toBe(3);
    events!.back!();
    await cache.read("k", load);
    await cache.read("k", load);
    expect(loads).toBe(4);
    await cache.close();
  });
});

describe("a stale listing never sells", () => {
  it("a paused advert still listed from memory is refused by addOrder", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    await t.backend.services.catalog.settled(); // the advert\'s own notification is in: nothing empties the cache below
    expect(await advertIds(here)).toContain(advert);
    // The seller opened the offer (and got its secret) before the pause.
    const secret = await secretFor(t, p.seller.token, advert);
    await unheard(t.db, sql`update adverts set status = 2 where id = ${advert}`);
    expect(await advertIds(here)).toContain(advert); // stale on purpose
    expectRefused(await addOrder(t, p.seller.token, advert, { tradeAmount: 10_000, cardCode: "CODE-1111-2222", secret }), "Advert not found.");
  });

  it("a deleted advert still listed from memory is refused by addOrder", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id });
    await t.backend.services.catalog.settled(); // the advert\'s own notification is in: nothing empties the cache below
    expect(await advertIds(here)).toContain(advert);
    const secret = await secretFor(t, p.seller.token, advert);
    // Unheard, and past the secret's foreign key (replica mode skips it too): as if gone under the seller's feet.
    await unheard(t.db, sql`delete from adverts where id = ${advert}`);
    expect(await advertIds(here)).toContain(advert);
    expectRefused(await addOrder(t, p.seller.token, advert, { tradeAmount: 10_000, cardCode: "CODE-1111-3333", secret }), "Advert not found.");
  });

  it("a changed price still listed from memory: the order takes the database's price, and the order's reservation refreshes the listing", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_000, tradeAmount: 1_000_000 });
    await t.backend.services.catalog.settled(); // the advert\'s own notification is in: nothing empties the cache below
    const listed = async () => ((await here("/advert/getAdvertList", { cardTypeId: appleId })).data.list as { id: number; discount: number; tradeAmount: number }[]).find((a) => a.id === advert);
    expect(await listed()).toMatchObject({ discount: 8_000, tradeAmount: 1_000_000 });
    await unheard(t.db, sql`update adverts set discount = 9000, usd_discount = 9000 where id = ${advert}`);
    expect((await listed())?.discount).toBe(8_000);
    const res = await addOrder(t, p.seller.token, advert, { tradeAmount: 10_000, cardCode: "CODE-1111-4444" });
    expectOk(res);
    const order = await orderRow(t, res.data.id as number);
    expect(order.discount).toBe(9_000);
    expect(Number(order.calculate_total_price)).toBe(9_000);
    expect(await listed()).toMatchObject({ discount: 9_000, tradeAmount: 990_000 });
  });
});

describe("per-user filters run after the shared part", () => {
  it("a seller who blocked a merchant does not see its offers; a guest and another seller do, from the same cached list", async () => {
    const advert = await makeAdvert(t, { merchantId: p.merchant2.id });
    expect(await advertIds(here)).toContain(advert);
    expectOk(await here("/userRelationship/addBlock", { toUser: p.merchant2.id }, p.seller.token));
    expect(await advertIds(here, p.seller.token)).not.toContain(advert);
    expect(await advertIds(here)).toContain(advert);
    expect(await advertIds(here, p.seller2.token)).toContain(advert);
    // Unblocked: back in its list.
    expectOk(await here("/userRelationship/cancelRelationship", { toUser: p.merchant2.id }, p.seller.token));
    expect(await advertIds(here, p.seller.token)).toContain(advert);
  });
});

describe("a signed-in caller's catalog calls", () => {
  it("cost no query: a call that never sees the user does not look its token up; one that may, does", async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => ((queries += 1), args.node),
      transformResult: async (args) => args.result,
    };
    const db = t.backend.services.db.withPlugin(counting);
    const backend = createBackend({ db, config: t.config, clock: t.clock, secrets: createSecretBox(TEST_DATA_KEY), log: () => {}, catalog: t.backend.services.catalog });
    const call = async (path: string, body: unknown, token: string) => {
      const headers = new Headers({ "content-type": "application/json", Authorization: token });
      const res = await backend.handle(new Request(`http://test/client${path}`, { method: "POST", headers, body: JSON.stringify(body) }), { trusted: true });
      return (await res.json()) as Envelope;
    };
    // Warm: the cached values, read once through the counting Kysely.
    for (const [path, body] of [["/banner/getBanners", { location: BannerLocation.Home }], ["/systemConfig/getSystemConfig", {}]] as const) {
      expectOk(await call(path, body, p.seller.token));
      queries = 0;
      expectOk(await call(path, body, p.seller.token));
      expect(queries, path).toBe(0);
    }
    // getAdvertList and getCardType hide blocked merchants from a signed-in seller (ADR 0021, 0059): they look the token up.
    for (const [path, body] of [["/advert/getAdvertList", { cardTypeId: appleId }], ["/cardType/getCardType", {}]] as const) {
      expectOk(await call(path, body, p.seller.token));
      queries = 0;
      expectOk(await call(path, body, p.seller.token));
      expect(queries, path).toBeGreaterThanOrEqual(2);
    }
  });
});
