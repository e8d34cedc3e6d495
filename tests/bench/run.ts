/**
 * `npm run bench`: starts the real server (fresh demo world) and measures, on
 * loopback only:
 *   - page weight of /home and /advertList/1 as a phone on 3G pays it: HTML bytes
 *     (raw and gzip) and JavaScript bytes the page loads (gzip);
 *   - throughput and latency of a few hot paths with autocannon (bounded: 5 s each).
 * Numbers go to stdout and tests/bench/last-run.json. It asserts nothing: the
 * numbers are for comparing commits, not for passing or failing.
 */
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { startServer } from "../e2e/support/server";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

async function pageWeight(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let jsGzip = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    jsGzip += gzipSync(body).length;
  }
  return { path, htmlBytes: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, jsFiles: new Set(scripts).size, jsGzip };
}

function load(url: string, opts: { method?: "GET" | "POST"; body?: string } = {}) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url,
        method: opts.method ?? "GET",
        body: opts.body,
        headers: opts.body ? { "content-type": "application/json" } : {},
        connections: 10,
        duration: DURATION_S,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

const server = await startServer({ env: { LOGIN_LIMIT_PER_IP: "1000000" } });
try {
  const weights = [await pageWeight(server.url, "/home"), await pageWeight(server.url, "/advertList/1")];
  const targets = [
    { name: "GET /home (server-rendered)", url: `${server.url}/home` },
    { name: "GET /advertList/1 (server-rendered)", url: `${server.url}/advertList/1` },
    { name: "POST /client/cardType/getCardType", url: `${server.url}/client/cardType/getCardType`, method: "POST" as const, body: "{}" },
    { name: "POST /client/advert/getAdvertList", url: `${server.url}/client/advert/getAdvertList`, method: "POST" as const, body: '{"cardTypeId":1}' },
  ];
  const results = [];
  for (const t of targets) {
    const r = await load(t.url, t);
    results.push({ name: t.name, reqPerSec: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
  }
  console.log("\nPage weight");
  console.table(weights);
  console.log(`Throughput (${DURATION_S} s each, 10 connections, loopback)`);
  console.table(results);
  writeFileSync(new URL("./last-run.json", import.meta.url), JSON.stringify({ at: new Date().toISOString(), weights, results }, null, 2));
} finally {
  await server.stop();
}
