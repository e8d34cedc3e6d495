/**
 * Cost at scale (ADR 0027): p99 of the hot lists on the demo world, then on the large
 * world (backend/demo/large-world.ts, seeded into a fresh database: PGlite files, or a new
 * database on the DATABASE_URL server), signed in as the demo seller, who owns a tenth of the
 * large world's orders. Prints both and their ratio; the target is at most 1.5.
 *
 * The demo world is measured after a page of trade (tradeAPage): the seller's lists are empty
 * when it is freshly seeded, and a ratio of a full page to an empty one weighs the answer's size,
 * not the tables'. After it, both worlds answer full pages and only the size of the tables differs.
 *
 * BENCH_LARGE_SCALE shrinks the large world (default 1: 50,000 users, 200,000 orders, 1,000,000
 * bills); BENCH_SECONDS sets autocannon's duration per target (default 5). Each target is measured
 * BENCH_ROUNDS times (default 3) on the two worlds in turn, and the median of each world's p99s
 * is reported: one 5-second p99 at 10 connections on a 2-core machine swings by a factor of 3. BENCH_LARGE_FROM
 * measures a database that already holds the large world instead of seeding one (a postgres://
 * URL, or the DATA_DIR of a PGlite one; `npm run seed:large` makes either), and leaves it as it is.
 */
import autocannon from "autocannon";
import { FULL_SIZES, scaledSizes } from "../../backend/demo/large-world";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { LIST_PAGE_SIZE } from "../../contract/constants";
import { apiClient } from "../e2e/support/api";
import { signInCookies } from "../e2e/support/browser";
import { startServer, type StartedServer } from "../e2e/support/server";
import { largeWorldDatabase, type LargeWorldDatabase } from "../support/large-world-database";
import type { BenchSection } from "./sections";
import { SERVER_ENV } from "./server";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const SCALE = Number(process.env.BENCH_LARGE_SCALE ?? 1);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const TARGET_RATIO = 1.5;

/** The targets; `merchantId`: the demo merchant whose page a seller opens (merchant3: about 40,000 orders in the large world). */
const targets = (merchantId: number) => [
  { name: "order list (Completed tab)", path: "/client/order/getOrderList", body: { status: 4 } },
  { name: "bill list (all types)", path: "/client/userBill/getUserBillList", body: {} },
  { name: "notice list", path: "/client/notice/getNoticeList", body: {} },
  { name: "getAdvertList", path: "/client/advert/getAdvertList", body: { cardTypeId: 1 } },
  // The order figures (ADR 0048): the seller's own, asked at every sign-in, and a merchant's public page.
  { name: "profile (getProfileInfo)", path: "/client/userInfo/getProfileInfo", body: {} },
  { name: "a merchant's page (getUserInfo)", path: "/client/userInfo/getUserInfo", body: { userId: merchantId } },
  // The same page's "Trades with you": the orders between the seller and that merchant (migration 024).
  { name: "trades with the merchant (getRelationship)", path: "/client/userRelationship/getRelationship", body: { toUser: merchantId } },
  // The chat (ADR 0046): the top bar's unread total is asked on every signed-in page.
  { name: "chat: unread total", path: "/chat/api/unread", body: {} },
  { name: "chat: conversation list (a page)", path: "/chat/api/conversations", body: { limit: LIST_PAGE_SIZE } },
  // A whole signed-in page through the web tier: the layout's badges (checkNotice, the unread total) and /home's own calls.
  { name: "page: /home signed in", path: "/home", body: null },
] satisfies { name: string; path: string; body: unknown }[];
type Target = ReturnType<typeof targets>[number];

/** A call (POST with the session token) or, with no body, a page (GET with the web tier's cookies). */
function p99(url: string, who: { token: string; cookie: string }, body: unknown): Promise<autocannon.Result> {
  const request =
    body === null
      ? { method: "GET" as const, headers: { cookie: who.cookie } }
      : { method: "POST" as const, body: JSON.stringify(body), headers: { "content-type": "application/json", authorization: who.token } };
  return new Promise((resolve, reject) =>
    autocannon({ url, ...request, connections: 10, duration: DURATION_S }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

/**
 * A page of trade in the demo world, through the calls a seller and a merchant make: the seller
 * sells LIST_PAGE_SIZE + 1 e-codes, each to the first demo offer open to it (one merchant's, as
 * it happens), and the offer's merchant takes and completes each order. The seller's Completed
 * tab, bills, notices and conversations then fill a page each, as in the large world, and the
 * ratio weighs the size of the tables only (a freshly seeded seller's lists are empty: about 60 B
 * against a page's 16 KB).
 */
async function tradeAPage(url: string): Promise<void> {
  const api = apiClient(() => url);
  const seller = await api.login({ email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password });
  const merchants = new Map<number, string>();
  for (const email of DEMO_LOGINS.merchants) {
    const token = await api.login({ email, password: DEMO_LOGINS.password });
    merchants.set(await api.userId(token), token);
  }
  const face = 2_000;
  for (let n = 0; n <= LIST_PAGE_SIZE; n++) {
    const ad = await api.firstAdvert(
      (a, online) => online && merchants.has(a.userid) && a.cardType === 1 && a.codeFormat === "" && a.fixTrade === "" && a.minTrade <= face && face <= a.maxTrade && a.tradeAmount >= face,
    );
    if (!ad) throw new Error("no demo merchant has an open e-code offer for the bench's page of trade");
    const merchant = merchants.get(ad.userid)!;
    const { secret } = await api.call<{ secret: string }>("/advert/getAdvertDetail", { id: ad.id }, seller);
    const code = `BENCH-${Date.now().toString(36)}-${n}`;
    const { id } = await api.call<{ id: number }>("/order/addOrder", { advertId: ad.id, tradeAmount: face, cardImg: "", cardCode: code, secret, remark: "" }, seller);
    await api.call("/merchant/order/view", { id }, merchant);
    await api.call("/merchant/order/complete", { id }, merchant);
  }
}

/** The server, signed in as the demo seller (stopped if that fails). */
async function signedInTo(server: StartedServer) {
  try {
    const who = { email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password };
    const token = await apiClient(() => server.url).login(who);
    const cookie = (await signInCookies(server.url, who)).join("; ");
    return { server, token, cookie };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

type Signed = Awaited<ReturnType<typeof signedInTo>>;

/**
 * How many rows the target's answer holds (a list call), "" for a page or an answer without a
 * list, "?" for an error or an encrypted answer: both worlds must answer as full.
 */
async function rowsOf(w: Signed, t: Target): Promise<number | "" | "?"> {
  if (t.body === null) return "";
  const res = await fetch(w.server.url + t.path, { method: "POST", body: JSON.stringify(t.body), headers: { "content-type": "application/json", authorization: w.token } });
  const answer = (await res.json().catch(() => null)) as { code?: number; data?: { list?: unknown[] }; list?: unknown[]; encrypt?: string } | null;
  if (!res.ok || !answer || answer.encrypt !== undefined || (answer.code !== undefined && answer.code !== 1)) return "?";
  return (answer.data ?? answer).list?.length ?? "";
}
type Measured = { p99ms: number; reqPerSec: number; non2xx: number; errors: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Each world's median p99 and rate over ROUNDS rounds, the worlds taking turns within a round. */
async function measureInTurn(worlds: Signed[], t: Target): Promise<Measured[]> {
  const runs: Measured[][] = worlds.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, w] of worlds.entries()) {
      const r = await p99(w.server.url + t.path, w, t.body);
      runs[i]!.push({ p99ms: r.latency.p99, reqPerSec: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors });
    }
  }
  return runs.map((rs) => ({
    p99ms: median(rs.map((r) => r.p99ms)),
    reqPerSec: median(rs.map((r) => r.reqPerSec)),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
    errors: rs.reduce((n, r) => n + r.errors, 0),
  }));
}

/** The large world to measure: seeded into a fresh database, or BENCH_LARGE_FROM's as it is. */
async function largeWorld(scale: number, from?: string): Promise<LargeWorldDatabase> {
  if (from) {
    const env: Record<string, string> = from.startsWith("postgres") ? { DATABASE_URL: from } : { DATA_DIR: from };
    return { env, seconds: 0, rows: {}, remove: async () => {} };
  }
  // Sealed with the key the bench's servers open it with.
  return largeWorldDatabase(scale === 1 ? FULL_SIZES : scaledSizes(scale), SERVER_ENV.DATA_ENCRYPTION_KEY, (line) => console.log(`  ${line}`));
}

export const large: BenchSection = {
  name: "large",
  title: `p99 of the hot lists, demo world vs large world (scale ${SCALE}; target ratio ≤ ${TARGET_RATIO})`,
  async run() {
    if (!process.env.BENCH_LARGE_FROM) console.log("Seeding the large world…");
    const world = await largeWorld(SCALE, process.env.BENCH_LARGE_FROM);
    if (world.seconds) console.log(`  seeded in ${world.seconds.toFixed(1)} s: ${JSON.stringify(world.rows)}`);
    const rows = [];
    const ratio = (a: number, b: number) => Math.round((a / Math.max(1, b)) * 100) / 100;
    const servers: Signed[] = [];
    try {
      // Both servers up at once and each target measured on one after the other, so a busy
      // machine weighs on the figures of a ratio alike.
      const demo = await startServer({ env: SERVER_ENV });
      try {
        await tradeAPage(demo.url);
      } catch (err) {
        await demo.stop();
        throw err;
      }
      servers.push(await signedInTo(demo));
      servers.push(await signedInTo(await startServer({ env: { ...SERVER_ENV, ...world.env } })));
      // Both worlds seed the demo world first, so its users have the same ids in both.
      const merchantIds = await Promise.all(
        servers.map(async (w) => {
          const api = apiClient(() => w.server.url);
          return api.userId(await api.login({ email: DEMO_LOGINS.merchants[2]!, password: DEMO_LOGINS.password }));
        }),
      );
      const merchantId = merchantIds[0]!;
      if (merchantIds.some((id) => id !== merchantId)) throw new Error(`merchant3 has different ids in the two worlds: ${merchantIds.join(", ")}`);
      for (const t of targets(merchantId)) {
        const [d, l] = (await measureInTurn(servers, t)) as [Measured, Measured];
        const demoRows = await rowsOf(servers[0]!, t);
        const largeRows = await rowsOf(servers[1]!, t);
        rows.push({
          name: t.name,
          demoP99ms: d.p99ms,
          largeP99ms: l.p99ms,
          largeVsDemo: ratio(l.p99ms, d.p99ms),
          // Only a comparison of answers as full counts.
          ok: ratio(l.p99ms, d.p99ms) <= TARGET_RATIO && demoRows === largeRows && demoRows !== "?",
          rows: `${demoRows} / ${largeRows}`,
          reqPerSec: `${d.reqPerSec} / ${l.reqPerSec}`,
          non2xx: d.non2xx + l.non2xx,
          errors: d.errors + l.errors,
        });
      }
    } finally {
      for (const s of servers) await s.server.stop();
      await world.remove();
    }
    console.table(rows);
    return { scale: process.env.BENCH_LARGE_FROM ? "BENCH_LARGE_FROM" : SCALE, rounds: ROUNDS, seedSeconds: world.seconds, rows: world.rows, targets: rows };
  },
};
