/**
 * Cost at scale (issue 12, ADR 0027): p99 of the hot lists on the demo world, then on the large
 * world (backend/demo/large-world.ts, seeded into a fresh database: PGlite files, or a new
 * database on the DATABASE_URL server), signed in as the demo seller, who owns a tenth of the
 * large world's orders. Prints both and their ratio; the target is at most 1.5.
 *
 * BENCH_LARGE_SCALE shrinks the large world (default 1: 50,000 users, 200,000 orders, 1,000,000
 * bills); BENCH_SECONDS sets autocannon's duration per target (default 5). BENCH_LARGE_FROM
 * measures a database that already holds the large world instead of seeding one (a postgres://
 * URL, or the DATA_DIR of a PGlite one; `npm run seed:large` makes either), and leaves it as it is.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { migrate, openDatabase, pgliteDir, type OpenOptions } from "../../backend/db/index";
import { FULL_SIZES, scaledSizes, seedLargeWorld } from "../../backend/demo/large-world";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { apiClient } from "../e2e/support/api";
import { createTestDatabase, dropTestDatabase, startServer } from "../e2e/support/server";
import type { BenchSection } from "./sections";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const SCALE = Number(process.env.BENCH_LARGE_SCALE ?? 1);
const TARGET_RATIO = 1.5;

const TARGETS = [
  { name: "order list (Completed tab)", path: "/client/order/getOrderList", body: { status: 4 } },
  { name: "bill list (all types)", path: "/client/userBill/getUserBillList", body: {} },
  { name: "notice list", path: "/client/notice/getNoticeList", body: {} },
  { name: "getAdvertList", path: "/client/advert/getAdvertList", body: { cardTypeId: 1 } },
];

function p99(url: string, token: string, body: unknown): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", authorization: token }, connections: 10, duration: DURATION_S },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

/** A server on that world, signed in as the demo seller. */
async function signedInServer(env: Record<string, string>) {
  const server = await startServer({ env: { LOGIN_LIMIT_PER_IP: "1000000", ...env } });
  try {
    const token = await apiClient(() => server.url).login({ email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password });
    return { server, token };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

async function measure(s: Awaited<ReturnType<typeof signedInServer>>, t: (typeof TARGETS)[number]) {
  const r = await p99(s.server.url + t.path, s.token, t.body);
  return { p99ms: r.latency.p99, reqPerSec: Math.round(r.requests.average), non2xx: r.non2xx, errors: r.errors };
}

/** A fresh database holding the large world, the server's env to open it, and how to remove it. */
async function largeWorld(): Promise<{ env: Record<string, string>; seconds: number; rows: Record<string, number>; remove(): Promise<void> }> {
  const from = process.env.BENCH_LARGE_FROM;
  if (from) {
    const env: Record<string, string> = from.startsWith("postgres") ? { DATABASE_URL: from } : { DATA_DIR: from };
    return { env, seconds: 0, rows: {}, remove: async () => {} };
  }
  const sizes = SCALE === 1 ? FULL_SIZES : scaledSizes(SCALE);
  const baseUrl = process.env.DATABASE_URL;
  const created = baseUrl ? await createTestDatabase(baseUrl) : undefined;
  const dataDir = created ? undefined : await mkdtemp(join(tmpdir(), "bench-large-"));
  const opts: OpenOptions = created ? { databaseUrl: created.url } : { dataDir: pgliteDir(dataDir!) };
  const database = await openDatabase(opts);
  try {
    await migrate(database.db);
    const report = await seedLargeWorld(database.db, sizes, (line) => console.log(`  ${line}`));
    return {
      env: created ? { DATABASE_URL: created.url } : { DATA_DIR: dataDir! },
      ...report,
      remove: async () => {
        if (created && baseUrl) await dropTestDatabase(baseUrl, created.name);
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}

export const large: BenchSection = {
  name: "large",
  title: `p99 of the hot lists, demo world vs large world (scale ${SCALE}; target ratio ≤ ${TARGET_RATIO})`,
  async run() {
    if (!process.env.BENCH_LARGE_FROM) console.log("Seeding the large world…");
    const world = await largeWorld();
    if (world.seconds) console.log(`  seeded in ${world.seconds.toFixed(1)} s: ${JSON.stringify(world.rows)}`);
    const rows = [];
    try {
      // Both servers up at once and each target measured on one then the other, so a busy
      // machine weighs on both figures of a ratio alike.
      const demo = await signedInServer({});
      try {
        const big = await signedInServer(world.env);
        try {
          for (const t of TARGETS) {
            const d = await measure(demo, t);
            const l = await measure(big, t);
            const ratio = Math.round((l.p99ms / Math.max(1, d.p99ms)) * 100) / 100;
            rows.push({ name: t.name, demoP99ms: d.p99ms, largeP99ms: l.p99ms, ratio, ok: ratio <= TARGET_RATIO, demoReqPerSec: d.reqPerSec, largeReqPerSec: l.reqPerSec, non2xx: d.non2xx + l.non2xx, errors: d.errors + l.errors });
          }
        } finally {
          await big.server.stop();
        }
      } finally {
        await demo.server.stop();
      }
    } finally {
      await world.remove();
    }
    console.table(rows);
    return { scale: process.env.BENCH_LARGE_FROM ? "BENCH_LARGE_FROM" : SCALE, seedSeconds: world.seconds, rows: world.rows, targets: rows };
  },
};
