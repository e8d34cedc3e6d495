/**
 * Server throughput and latency of the hot paths (issue 12), with autocannon on loopback,
 * 50 connections, BENCH_SECONDS per target (default 5), all in one run so the ratios
 * compare like with like on whatever machine runs it:
 *
 * - GET /home (server-rendered), its rate and p99;
 * - POST /client/advert/getAdvertList and /client/cardType/getCardType, their rates as a
 *   share of a bare Node JSON endpoint's (a tiny node:http server in a child process);
 * - on PostgreSQL, getAdvertList served by two server processes on the same database
 *   (half the connections on each) against one process: the scale-out ratio.
 *
 * "Today's" /home rate (the tree before the catalog cache) cannot run in the same run as
 * this tree; its figure measured with this bench on the base commit is in
 * docs/decisions/0026-catalog-cache.md.
 */
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, startServer, type StartedServer } from "../e2e/support/server";
import type { BenchSection } from "./sections";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
/**
 * The server as it runs in production: React's production build (NODE_ENV=test would render
 * with its development build, about twice the work), one sealing key for both processes.
 */
export const SERVER_ENV = { LOGIN_LIMIT_PER_IP: "1000000", NODE_ENV: "production", DATA_ENCRYPTION_KEY: "bench-data-key-0123456789" };

export interface Target {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export interface Figure {
  name: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
}

export function load(t: Target, connections = CONNECTIONS) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: t.url,
        method: t.method ?? "GET",
        body: t.body,
        headers: { ...(t.body ? { "content-type": "application/json" } : {}), ...t.headers },
        connections,
        duration: DURATION_S,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

export const figure = (name: string, r: autocannon.Result): Figure => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors,
});

/** The reference: the least a Node process can do per request (parse, answer a small JSON). */
const BARE_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ code: 1, data: { ok: true } });
http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

async function startBareNode(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", BARE_SERVER], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare node server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill("SIGTERM") };
}

const advertList = (s: StartedServer): Target => ({ url: `${s.url}/client/advert/getAdvertList`, method: "POST", body: '{"cardTypeId":1}' });
const cardType = (s: StartedServer): Target => ({ url: `${s.url}/client/cardType/getCardType`, method: "POST", body: "{}" });

/** getAdvertList on two processes at once, half the connections each; the rates add up. */
async function twoProcesses(first: StartedServer): Promise<Figure> {
  const second = await startServer({ env: { ...SERVER_ENV, DATABASE_URL: first.databaseUrl! } });
  try {
    await load(advertList(second), 10); // warm the second process (JIT, pool, cache)
    const [a, b] = await Promise.all([load(advertList(first), CONNECTIONS / 2), load(advertList(second), CONNECTIONS / 2)]);
    return {
      name: "POST getAdvertList, 2 processes",
      reqPerSec: Math.round(a.requests.average + b.requests.average),
      p50ms: Math.max(a.latency.p50, b.latency.p50),
      p99ms: Math.max(a.latency.p99, b.latency.p99),
      non2xx: a.non2xx + b.non2xx,
      errors: a.errors + b.errors,
    };
  } finally {
    await second.stop();
  }
}

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : 0);

export const server: BenchSection = {
  name: "server",
  title: "throughput and latency of hot paths (50 connections)",
  async run() {
    const bare = await startBareNode();
    const app = await startServer({ env: SERVER_ENV });
    try {
      const targets: { name: string; target: Target }[] = [
        { name: "bare Node JSON endpoint", target: { url: bare.url } },
        { name: "GET /home (server-rendered)", target: { url: `${app.url}/home` } },
        { name: "GET /advertList/1 (server-rendered)", target: { url: `${app.url}/advertList/1` } },
        { name: "POST /client/cardType/getCardType", target: cardType(app) },
        { name: "POST /client/advert/getAdvertList", target: advertList(app) },
      ];
      // Warm-up: JIT, connection pool, caches; not measured.
      for (const t of targets) await load(t.target, 10).then(() => undefined);
      const results: Figure[] = [];
      for (const t of targets) results.push(figure(t.name, await load(t.target)));
      if (app.databaseUrl) results.push(await twoProcesses(app));
      console.table(results);

      const rate = (name: string) => results.find((r) => r.name.startsWith(name))?.reqPerSec ?? 0;
      const home = results.find((r) => r.name.startsWith("GET /home"))!;
      const ratios = {
        homeReqPerSec: home.reqPerSec,
        homeP99ms: home.p99ms,
        getAdvertListOfBare: ratio(rate("POST /client/advert"), rate("bare")),
        getCardTypeOfBare: ratio(rate("POST /client/cardType"), rate("bare")),
        ...(app.databaseUrl ? { twoProcessesOfOne: ratio(rate("POST getAdvertList, 2"), rate("POST /client/advert")) } : {}),
      };
      console.table([ratios]);
      return { results, ratios };
    } finally {
      bare.stop();
      await app.stop();
    }
  },
};
