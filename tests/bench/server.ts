/**
 * Server throughput and latency of the hot paths, with autocannon on loopback,
 * 50 connections, BENCH_SECONDS per target (default 5), all in one run so the ratios
 * compare like with like on whatever machine runs it:
 *
 * - GET /home (server-rendered), its rate and p99, for a signed-out visitor (autocannon sends no
 *   cookies: one render shared by all, ADR 0045) and for the demo seller, signed in (rendered for
 *   each request); and /home on the targets' base commit, built and served beside this tree in the
 *   same run (base-tree.ts), for "≥ 2.5× today's rate";
 * - POST /client/advert/getAdvertList and /client/cardType/getCardType, their rates as a
 *   share of a bare Node JSON endpoint's (a tiny node:http server in a child process);
 * - what each request costs the server: CPU milliseconds per request (cpuMsPerCall, the cores it
 *   used × seconds × 1000 / requests), and each call's cost as a multiple of the bare endpoint's.
 * Each figure says how many cores the measured server process used (serverCores): with the
 * load generator, the server and PostgreSQL on one machine, a rate is bounded by the cores left,
 * and a second server process could only share them; the cost per request is what a box's cores
 * divide by, whatever else runs there (ADR 0083).
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { signInCookies } from "../e2e/support/browser";
import { freePort, startServer, type StartedServer } from "../e2e/support/server";
import { ISSUE_12_BASE, withBaseTree } from "./base-tree";
import type { BenchSection } from "./sections";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
/**
 * The server as it runs in production: React's production build (NODE_ENV=test would render
 * with its development build, about twice the work), one sealing key for both processes.
 */
export const SERVER_ENV = { LOGIN_LIMIT_PER_IP: "1000000", NODE_ENV: "production", DATA_ENCRYPTION_KEY: "bench-data-key-0123456789", DATA_KEYS: "1:bench-data-key-0123456789" };

export interface Target {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export interface Figure {
  name: string;
  reqPerSec: number;
  /** Server CPU milliseconds per request (0: not measured). */
  cpuMsPerCall: number;
  p50ms: number;
  p99ms: number;
  /** p99 without each connection's first answer (see Loaded). */
  p99OpenMs: number;
  non2xx: number;
  errors: number;
  /** Cores the measured server processes used while loaded (CPU seconds over the run's seconds). */
  serverCores: number;
}

/**
 * autocannon's result, and the p99 once the connections are open. autocannon opens its 50 at once;
 * a busy Node process accepts one connection per turn of its event loop (libuv), so the last ones'
 * first requests wait in the kernel's accept queue, up to 2-3 s, however fast the server answers
 * (a bare server that spends 3 ms per request shows it too). Behind a proxy that keeps its
 * connections open, no visitor waits for that; p99OpenMs leaves those first answers out.
 */
export type Loaded = autocannon.Result & { p99OpenMs: number };

export function load(t: Target, connections = CONNECTIONS) {
  const open: number[] = [];
  const answered = new WeakSet<object>();
  return new Promise<Loaded>((resolve, reject) => {
    const run = autocannon(
      {
        url: t.url,
        method: t.method ?? "GET",
        body: t.body,
        headers: { ...(t.body ? { "content-type": "application/json" } : {}), ...t.headers },
        connections,
        duration: DURATION_S,
      },
      (err, result) => (err ? reject(err) : resolve({ ...result, p99OpenMs: percentile(open, 0.99) })),
    );
    run.on("response", (client: object, _status: number, _bytes: number, ms: number) => {
      if (answered.has(client)) open.push(ms);
      else answered.add(client);
    });
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
}

/** `cpu`: the cores and CPU seconds the server processes used meanwhile, when measured. */
export const figure = (name: string, r: Loaded, cpu?: { cores: number; seconds: number }): Figure => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  cpuMsPerCall: cpu && r.requests.total > 0 ? Math.round((cpu.seconds * 1000 * 1000) / r.requests.total) / 1000 : 0,
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  p99OpenMs: r.p99OpenMs,
  non2xx: r.non2xx,
  errors: r.errors,
  serverCores: cpu?.cores ?? 0,
});

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** CPU seconds a process has used so far, all its threads (Linux: /proc/<pid>/stat, utime + stime). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Runs `work` and says how many cores, and CPU seconds, `pids` used meanwhile. */
async function cpuOf<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cores: number; seconds: number }> {
  const before = pids.map(cpuSecondsOf);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = pids.reduce((sum, pid, i) => sum + cpuSecondsOf(pid) - before[i]!, 0);
  return { result, cores: Math.round((used / seconds) * 100) / 100, seconds: used };
}

/** Loads `target` and measures the cores `pids` used meanwhile. */
async function measured(name: string, target: Target, pids: number[]): Promise<Figure> {
  const { result, ...cpu } = await cpuOf(pids, () => load(target));
  return figure(name, result, cpu);
}

/** The reference: the least a Node process can do per request (parse, answer a small JSON). */
const BARE_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ code: 1, data: { ok: true } });
http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

async function startBareNode(): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare node server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

const advertList = (s: StartedServer): Target => ({ url: `${s.url}/client/advert/getAdvertList`, method: "POST", body: '{"cardTypeId":1}' });
const cardType = (s: StartedServer): Target => ({ url: `${s.url}/client/cardType/getCardType`, method: "POST", body: "{}" });

/**
 * The cookies of the demo seller's browser, signed in through the /login form and back on /home
 * once (so it is a returning visitor: the css and promo cookies too).
 */
async function signedInCookies(url: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (pairs: string[]) => {
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  keep(await signInCookies(url, { email: DEMO_LOGINS.seller, password: DEMO_LOGINS.password }));
  const home = await fetch(`${url}/home`, { headers: { cookie: cookie() } });
  const html = await home.text();
  // The user menu is drawn for a signed-in visitor only (layout/TopBar.tsx).
  if (home.status !== 200 || !html.includes('data-menu="user"')) throw new Error(`the bench's signed-in /home is not signed in (${home.status})`);
  keep(home.headers.getSetCookie().map((c) => c.split(";")[0]!));
  return cookie();
}

/** /home on the targets' base commit, measured between this tree's own runs (warmed like them). */
async function homeOnBase(): Promise<Figure | null> {
  return withBaseTree(ISSUE_12_BASE, async (dir) => {
    const base = await startServer({ cwd: dir, env: SERVER_ENV });
    try {
      await load({ url: `${base.url}/home` }, 10);
      return figure(`GET /home on the base commit ${ISSUE_12_BASE}`, await load({ url: `${base.url}/home` }));
    } finally {
      await base.stop();
    }
  });
}

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : 0);

export const server: BenchSection = {
  name: "server",
  title: "throughput and latency of hot paths (50 connections)",
  async run() {
    const bare = await startBareNode();
    const app = await startServer({ env: SERVER_ENV });
    try {
      const signedIn = await signedInCookies(app.url);
      const targets: { name: string; target: Target; pid: number }[] = [
        { name: "bare Node JSON endpoint", target: { url: bare.url }, pid: bare.pid },
        { name: "GET /home (server-rendered)", target: { url: `${app.url}/home` }, pid: app.pid },
        { name: "GET /home signed in", target: { url: `${app.url}/home`, headers: { cookie: signedIn } }, pid: app.pid },
        { name: "GET /advertList/1 (server-rendered)", target: { url: `${app.url}/advertList/1` }, pid: app.pid },
        { name: "POST /client/cardType/getCardType", target: cardType(app), pid: app.pid },
        { name: "POST /client/advert/getAdvertList", target: advertList(app), pid: app.pid },
      ];
      // Warm-up: JIT, connection pool, caches; not measured.
      for (const t of targets) await load(t.target, 10).then(() => undefined);
      const results: Figure[] = [];
      for (const t of targets) results.push(await measured(t.name, t.target, [t.pid]));
      // The base commit's /home, then this tree's once more: the two figures the ratio uses are
      // measured one after the other.
      const onBase = await homeOnBase();
      const homeAgain = onBase ? await measured("GET /home (server-rendered), again", { url: `${app.url}/home` }, [app.pid]) : null;
      if (onBase && homeAgain) results.push(onBase, homeAgain);
      console.table(results);

      const rate = (name: string) => results.find((r) => r.name.startsWith(name))?.reqPerSec ?? 0;
      const cost = (name: string) => results.find((r) => r.name.startsWith(name))?.cpuMsPerCall ?? 0;
      const home = results.find((r) => r.name.startsWith("GET /home"))!;
      const ratios = {
        homeReqPerSec: home.reqPerSec,
        homeP99ms: home.p99ms,
        homeP99OpenMs: home.p99OpenMs,
        homeSignedInReqPerSec: rate("GET /home signed in"),
        ...(onBase && homeAgain ? { homeOfBase: ratio(homeAgain.reqPerSec, onBase.reqPerSec) } : {}),
        getAdvertListOfBare: ratio(rate("POST /client/advert"), rate("bare")),
        getCardTypeOfBare: ratio(rate("POST /client/cardType"), rate("bare")),
        // Server CPU per request, as a multiple of the bare endpoint's: what each call costs a core.
        bareCpuMsPerCall: cost("bare"),
        homeCostOfBare: ratio(cost("GET /home (server-rendered)"), cost("bare")),
        homeSignedInCostOfBare: ratio(cost("GET /home signed in"), cost("bare")),
        advertListPageCostOfBare: ratio(cost("GET /advertList/1"), cost("bare")),
        getCardTypeCostOfBare: ratio(cost("POST /client/cardType"), cost("bare")),
        getAdvertListCostOfBare: ratio(cost("POST /client/advert"), cost("bare")),
      };
      console.table([ratios]);
      return { results, ratios };
    } finally {
      bare.stop();
      await app.stop();
    }
  },
};
