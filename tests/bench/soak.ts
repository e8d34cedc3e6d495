/**
 * The soak (`npm run bench -- soak [--minutes N] [--sellers N]`): one server started the way
 * `npm start` starts it (package.json's script: the bundle under plain node, its heap bounded;
 * ADR 0084), on DATABASE_URL when set, else PGlite, and N simulated sellers (200 by default) for
 * M minutes (10 by default). Each seller arrives during the warm-up and signs in once (the API and the web tier's form), then
 * loops with think time: browse (card types, an offer list, /home as a page), sell (an e-code
 * order to a demo merchant, which the demo bots accept and complete), chat (a message in the
 * order's conversation) and, one loop in three, withdraw (10 coins to a demo withdrawer).
 *
 * Reported: errors (a status other than 2xx, a failed request, or a refusal that is not one of
 * the expected business refusals: listed), p50/p99 per call, the server's RSS and heap after its
 * 20 s idle warm-up (the "under 400 MB" figure), after the load's warm-up (a tenth of the run, at
 * least 20 s) and at the end, and the growth between those two.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LoginType } from "../../contract/enums";
import { coinsForFace, payoutFor } from "../../contract/money";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { startBackend } from "../../backend/start";
import { applyBalanceChanges, ensureAccount } from "../../backend/modules/wallet/ledger";
import { freshAccountNumber } from "../support/bank-accounts";
import { copyDataDirTemplate, TEMPLATE_ENV } from "../support/db-template";
import { signInCookies } from "../e2e/support/browser";
import { createTestDatabase, dropTestDatabase, freePort, REPO_ROOT } from "../e2e/support/server";
import type { BenchSection } from "./sections";
import { plainProcessEnv } from "../support/process-env";

export interface SoakOptions {
  minutes: number;
  sellers: number;
  /** Mean pause between a seller's steps, ms (uniform from half to one and a half of it). */
  thinkMs?: number;
  /** "embedded": PGlite whatever DATABASE_URL says (the process the 400 MB is about); else the run's database. */
  database?: "embedded" | "run";
  log?: (line: string) => void;
}

export interface Memory {
  rssMb: number;
  /** The most RSS the process has held since it started (VmHWM): a storm's peak between two readings. */
  peakRssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
}

export interface SoakReport {
  database: "pglite" | "postgresql";
  minutes: number;
  sellers: number;
  requests: number;
  errors: number;
  /** The first errors, each once with its count. */
  errorList: { what: string; count: number }[];
  /** Expected business refusals (not errors), by message. */
  refusals: Record<string, number>;
  calls: { call: string; count: number; p50ms: number; p99ms: number }[];
  orders: number;
  withdrawals: number;
  /** After start-up and 20 s idle: the figure the embedded default must keep under 400 MB. */
  idle: Memory;
  /** After the load's warm-up, and at the end of the run. */
  start: Memory;
  end: Memory;
  rssGrowthPercent: number;
  heapGrowthPercent: number;
}

/** The adverts the sellers sell to: e-code offers of card types without a code format, any face value. */
const COINS = 100; // minor units of a coin
const WITHDRAW_AMOUNT = 10 * COINS;
const SELLER_BALANCE = 1_000 * COINS;
const MERCHANT_BALANCE = 100_000_000 * COINS;
const IDLE_WARM_UP_MS = 20_000;
/** Refusals a real seller meets in this loop and that the server is right to give; anything else is an error. */
const EXPECTED_REFUSALS: RegExp[] = [/sell more than .* coins in 24 hours/, /Insufficient balance|not enough coins/i];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** `npm start`'s two halves from package.json: the preparation (build, bundle) and the serving process. */
async function startCommand(): Promise<{ prepare: string[]; serve: string[] }> {
  const scripts = JSON.parse(await readFile(join(REPO_ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
  const [prepare, serve] = scripts.start!.split(" && ").map((part) => part.trim().split(/\s+/).slice(1)); // without "node"
  if (!prepare || !serve) throw new Error("package.json's start script is not `prepare && serve`");
  return { prepare, serve };
}

interface SoakWorld {
  emails: string[];
  advertIds: number[];
  withdrawerIds: number[];
  /** The bank (payment type) of the sellers' accounts. */
  bankId: number;
}

/** The soak's world: the demo world, `sellers` sellers like the demo seller (password, trade password, coins), deep offers and rich merchants. */
async function prepareWorld(env: Record<string, string>, sellers: number): Promise<SoakWorld> {
  const started = await startBackend({ ...env, DEMO_BOTS: "off" });
  const db = started.backend.services.db;
  try {
    const seller = await db.selectFrom("users").select(["password_hash", "trade_pwd_hash"]).where("email", "=", DEMO_LOGINS.seller).executeTakeFirstOrThrow();
    const tag = randomBytes(3).toString("hex");
    const emails = Array.from({ length: sellers }, (_, i) => `soak${i}-${tag}@soak.test`);
    await db.transaction().execute(async (trx) => {
      for (const [i, email] of emails.entries()) {
        const row = await trx
          .insertInto("users")
          .values({ email, nickname: `Soak${i}`, password_hash: seller.password_hash, trade_pwd_hash: seller.trade_pwd_hash, invite_code: `S${tag}${i}`.slice(0, 12).toUpperCase() })
          .returning("id")
          .executeTakeFirstOrThrow();
        await ensureAccount(trx, row.id);
        await applyBalanceChanges(trx, row.id, [{ part: "amount", delta: SELLER_BALANCE }], { reason: "soak opening balance", bill: { type: 1, descriptionEn: "Soak opening balance", transAmount: SELLER_BALANCE } });
      }
      const merchants = await trx.selectFrom("users").select("id").where("email", "like", "merchant%@demo.test").execute();
      for (const m of merchants) {
        await applyBalanceChanges(trx, m.id, [{ part: "amount", delta: MERCHANT_BALANCE }], { reason: "soak merchant float", bill: { type: 1, descriptionEn: "Soak merchant float", transAmount: MERCHANT_BALANCE } });
      }
    });
    // E-code offers with any face value, of card types without a code format, deep enough for the run.
    const adverts = await db
      .selectFrom("adverts")
      .innerJoin("card_types", "card_types.id", "adverts.card_type_id")
      .innerJoin("users", "users.id", "adverts.user_id")
      .select(["adverts.id"])
      .where("adverts.card_type", "=", 1)
      .where("adverts.fix_trade", "=", "")
      .where("card_types.code_format", "=", "")
      .where("users.online_status", "=", 1)
      .execute();
    if (adverts.length === 0) throw new Error("the demo world has no e-code offer without a code format to sell to");
    await db.updateTable("adverts").set({ trade_amount: 1_000_000_000 }).where("id", "in", adverts.map((a) => a.id)).execute();
    const withdrawers = await db.selectFrom("withdrawers").select(["id"]).where("min_trade", "<=", WITHDRAW_AMOUNT).where("max_trade", ">=", WITHDRAW_AMOUNT).execute();
    await db.updateTable("withdrawers").set({ remain_balance: 1_000_000_000 }).execute();
    const bank = await db.selectFrom("payment_types").select("id").where("name_en", "=", "GTBank").executeTakeFirstOrThrow();
    return { emails, advertIds: adverts.map((a) => a.id), withdrawerIds: withdrawers.map((w) => w.id), bankId: bank.id };
  } finally {
    await started.stop();
  }
}

/** The serving process's memory: RSS from /proc, the heap from the log line it writes on SIGUSR2 (server.ts). */
async function memoryOf(server: { pid: number; lastMemory(): Promise<{ heapUsed: number; heapTotal: number }> }): Promise<Memory> {
  const status = await readFile(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const heap = await server.lastMemory();
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakRssMb: Math.round(kb("VmHWM") / 1024), heapUsedMb: mb(heap.heapUsed), heapTotalMb: mb(heap.heapTotal) };
}

async function startSoakServer(env: Record<string, string>) {
  const { prepare, serve } = await startCommand();
  // The server as npm start runs it: without vitest's markers (under them its logger is silent, and
  // the memory line the soak reads would never come).
  // On the embedded database the run's own DATABASE_URL must not reach the server.
  const inherited = plainProcessEnv({ withoutDatabaseUrl: !env.DATABASE_URL });
  const built = spawnSync(process.execPath, prepare, { cwd: REPO_ROOT, env: { ...inherited, ...env }, stdio: "inherit" });
  if (built.status !== 0) throw new Error(`npm start's preparation failed (${built.status})`);
  // --expose-gc: the server collects before each memory line, so start and end compare live heaps.
  const child = spawn(process.execPath, ["--expose-gc", ...serve], { cwd: REPO_ROOT, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let waiting: ((m: { heapUsed: number; heapTotal: number }) => void) | undefined;
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
    for (const line of chunk.toString().split("\n")) {
      // The log line server.ts writes on SIGUSR2: {"level":30,…,"memory":{…},"msg":"memory"}.
      if (line.includes('"memory":{')) waiting?.((JSON.parse(line) as { memory: { heapUsed: number; heapTotal: number } }).memory);
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const url = `http://127.0.0.1:${env.PORT}`;
  for (const deadline = Date.now() + 170_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the soak's server exited: ${output}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the soak's server never answered /healthz: ${output}`);
    await sleep(250);
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    lastMemory: () =>
      new Promise<{ heapUsed: number; heapTotal: number }>((resolve, reject) => {
        const late = setTimeout(() => reject(new Error(`the soak's server wrote no memory line within 10 s of SIGUSR2: ${output.slice(-2000)}`)), 10_000);
        waiting = (m) => {
          clearTimeout(late);
          resolve(m);
        };
        child.kill("SIGUSR2");
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** Per-call latencies, refusals and errors of the whole run. */
class Tally {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly refusals: Record<string, number> = {};
  requests = 0;
  orders = 0;
  withdrawals = 0;

  time(call: string, ms: number) {
    this.requests++;
    const list = this.times.get(call) ?? [];
    list.push(ms);
    this.times.set(call, list);
  }
  error(what: string) {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }
  refusal(msg: string) {
    this.refusals[msg] = (this.refusals[msg] ?? 0) + 1;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

/** One simulated seller: signs in, then browses, sells, chats and withdraws until `until`. */
async function seller(url: string, email: string, world: SoakWorld, timing: { arriveWithinMs: number; until: number; thinkMs: number }, tally: Tally) {
  const { until, thinkMs } = timing;
  const think = () => sleep(thinkMs * (0.5 + Math.random()));
  let token = "";
  /** A /client or /chat/api call; the envelope's data, or undefined after a refusal or an error (counted). */
  const call = async (name: string, path: string, body: unknown): Promise<any> => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const text = await res.text();
      tally.time(name, performance.now() - t0);
      if (res.status < 200 || res.status > 299) return void tally.error(`${name}: HTTP ${res.status} ${text.slice(0, 120)}`);
      const envelope = JSON.parse(text) as { code: number; msg?: string; data?: unknown };
      if (envelope.code === 1) return envelope.data ?? {};
      const msg = envelope.msg ?? `code ${envelope.code}`;
      if (EXPECTED_REFUSALS.some((r) => r.test(msg))) tally.refusal(`${name}: ${msg}`);
      else tally.error(`${name}: code ${envelope.code} ${msg}`);
    } catch (err) {
      tally.error(`${name}: ${(err as Error).message}`);
    }
    return undefined;
  };
  const page = async (name: string, path: string, cookie: string) => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      tally.time(name, performance.now() - t0);
      if (res.status !== 200) tally.error(`${name}: HTTP ${res.status}`);
    } catch (err) {
      tally.error(`${name}: ${(err as Error).message}`);
    }
  };

  // People arrive over the warm-up: each sign-in is two scrypt hashes (API and web tier), ~0.2-0.4 s
  // of a core each, so 200 sellers arriving at once would measure a queue of hashes, not the server.
  await sleep(Math.random() * timing.arriveWithinMs);
  const login = await call("POST /client/userAuth/login", "/client/userAuth/login", { loginName: email, loginPwd: DEMO_LOGINS.password, type: LoginType.Email });
  if (!login?.token) return;
  token = login.token;
  let cookie = "";
  try {
    const t0 = performance.now();
    cookie = (await signInCookies(url, { email, password: DEMO_LOGINS.password })).join("; ");
    tally.time("POST /login (web tier)", performance.now() - t0);
  } catch (err) {
    tally.error(`POST /login (web tier): ${(err as Error).message}`);
  }
  const bank = await call("POST /client/userPayment/addPayment", "/client/userPayment/addPayment", { paymentId: world.bankId, userPayment: { realname: "Soak Seller", accountNumber: freshAccountNumber(), remark: "" } });
  const cardTypes = (await call("POST /client/cardType/getCardType", "/client/cardType/getCardType", {})) as { id: number }[] | undefined;

  for (let loop = 0; Date.now() < until; loop++) {
    // Browse.
    await think();
    const cardTypeId = cardTypes?.[loop % cardTypes.length]?.id ?? 1;
    await call("POST /client/advert/getAdvertList", "/client/advert/getAdvertList", { cardTypeId });
    await page("GET /home (web tier, signed in)", "/home", cookie);
    // Sell.
    await think();
    const advertId = world.advertIds[loop % world.advertIds.length]!;
    const detail = await call("POST /client/advert/getAdvertDetail", "/client/advert/getAdvertDetail", { id: advertId });
    if (!detail) continue;
    const minTrade = Number(detail.advert.minTrade);
    const cardCode = `SOAK-${randomUUID()}`;
    const order = await call("POST /client/order/addOrder", "/client/order/addOrder", { advertId, tradeAmount: minTrade, cardCode, secret: detail.secret, quote: { ...detail.quote, shown: coinsForFace(minTrade, detail.quote.rate) } });
    if (order?.id) tally.orders++;
    // Chat in the order's conversation.
    await think();
    if (order?.id) await call("POST /chat/api/send", "/chat/api/send", { conversationId: `GROUP${order.id}`, clientMsgId: `soak-${randomUUID()}`, type: "text", text: "Hello, the code is in the order. Thanks!" });
    // Withdraw, one loop in three (the first included, so a short run withdraws too).
    if (loop % 3 === 0 && bank?.id && world.withdrawerIds.length > 0) {
      await think();
      const withdrawerId = world.withdrawerIds[loop % world.withdrawerIds.length]!;
      const w = await call("POST /client/userWithdraw/getWithdrawerDetail", "/client/userWithdraw/getWithdrawerDetail", { id: withdrawerId });
      if (w?.quote) {
        const applied = await call("POST /client/userWithdraw/applyWithdraw", "/client/userWithdraw/applyWithdraw", { withdrawerId, amount: WITHDRAW_AMOUNT, userPaymentId: bank.id, tradePwd: DEMO_LOGINS.tradePassword, quote: { ...w.quote, shown: payoutFor(WITHDRAW_AMOUNT, w.quote.rate) } });
        if (applied?.id) tally.withdrawals++;
      }
    }
  }
}

const growth = (from: number, to: number) => (from > 0 ? Math.round(((to - from) / from) * 1000) / 10 : 0);

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const thinkMs = opts.thinkMs ?? 3_000;
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "soak-data-"));
  const baseUrl = opts.database === "embedded" ? undefined : process.env.DATABASE_URL;
  const database = baseUrl ? await createTestDatabase(baseUrl) : undefined;
  // In the e2e run, a copy of its migrated and seeded template (ADR 0038): the check starts in seconds.
  const template = process.env[TEMPLATE_ENV.dataDir];
  if (template && !database) await copyDataDirTemplate(template, dataDir);
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SESSION_SECRET: "soak-session-secret",
    // Production on PostgreSQL asks for the data keys (backend/config.ts); the templates have none yet.
    DATA_ENCRYPTION_KEY: "soak-data-key-0123456789",
    DATA_KEYS: "1:soak-data-key-0123456789",
    LOGIN_LIMIT_PER_IP: "1000000",
    LOGIN_LIMIT_PER_ACCOUNT: "1000000",
    DEMO_BOT_DELAY_MS: "2000",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  let server: Awaited<ReturnType<typeof startSoakServer>> | undefined;
  try {
    log(`soak: preparing ${opts.sellers} sellers on ${database ? "PostgreSQL" : "PGlite"}…`);
    const world = await prepareWorld(env, opts.sellers);
    server = await startSoakServer(env);
    await sleep(IDLE_WARM_UP_MS);
    const idle = await memoryOf(server);
    log(`soak: idle after ${IDLE_WARM_UP_MS / 1000} s: RSS ${idle.rssMb} MB, heap ${idle.heapUsedMb}/${idle.heapTotalMb} MB; ${opts.sellers} sellers for ${opts.minutes} min…`);

    const tally = new Tally();
    const runMs = opts.minutes * 60_000;
    const warmUpMs = Math.max(20_000, runMs / 10);
    const timing = { arriveWithinMs: warmUpMs, until: Date.now() + runMs, thinkMs };
    const running = Promise.all(world.emails.map((email) => seller(server!.url, email, world, timing, tally)));
    await sleep(warmUpMs);
    const start = await memoryOf(server);
    await running;
    const end = await memoryOf(server);

    const calls = [...tally.times].map(([call, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { call, count: times.length, p50ms: Math.round(percentile(sorted, 0.5)), p99ms: Math.round(percentile(sorted, 0.99)) };
    });
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    const report: SoakReport = {
      database: database ? "postgresql" : "pglite",
      minutes: opts.minutes,
      sellers: opts.sellers,
      requests: tally.requests,
      errors,
      errorList: [...tally.errors].slice(0, 20).map(([what, count]) => ({ what, count })),
      refusals: tally.refusals,
      calls,
      orders: tally.orders,
      withdrawals: tally.withdrawals,
      idle,
      start,
      end,
      rssGrowthPercent: growth(start.rssMb, end.rssMb),
      heapGrowthPercent: growth(start.heapUsedMb, end.heapUsedMb),
    };
    console.table(calls);
    console.table([{ requests: report.requests, errors, orders: report.orders, withdrawals: report.withdrawals, idleRssMb: idle.rssMb, startRssMb: start.rssMb, endRssMb: end.rssMb, peakRssMb: end.peakRssMb, rssGrowthPercent: report.rssGrowthPercent, startHeapMb: start.heapUsedMb, endHeapMb: end.heapUsedMb, heapGrowthPercent: report.heapGrowthPercent }]);
    if (errors > 0) console.table(report.errorList);
    return report;
  } catch (err) {
    if (server) log(server.output());
    throw err;
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (baseUrl && database) await dropTestDatabase(baseUrl, database.name);
  }
}

/** `--minutes N` and `--sellers N` from the bench's arguments (run.ts passes the rest as section names). */
export function soakOptions(argv: string[]): { minutes: number; sellers: number } {
  const value = (flag: string, fallback: number) => {
    const at = argv.indexOf(flag);
    const n = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!(n > 0)) throw new Error(`${flag} takes a positive number`);
    return n;
  };
  return { minutes: value("--minutes", 10), sellers: value("--sellers", 200) };
}

export const soak: BenchSection = {
  name: "soak",
  title: "sellers signing in, browsing, selling, chatting and withdrawing against one server (npm start's process)",
  run: () => runSoak(soakOptions(process.argv.slice(2))),
};
