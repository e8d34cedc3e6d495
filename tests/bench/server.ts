/**
 * Server throughput and latency of the hot paths, with autocannon on loopback
 * (BENCH_SECONDS each, default 5). To be extended by issue 12's server targets.
 */
import autocannon from "autocannon";
import { startServer } from "../e2e/support/server";
import type { BenchSection } from "./sections";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

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

export const server: BenchSection = {
  name: "server",
  title: "throughput and latency of hot paths",
  async run() {
    const server = await startServer({ env: { LOGIN_LIMIT_PER_IP: "1000000" } });
    try {
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
      console.table(results);
      return results;
    } finally {
      await server.stop();
    }
  },
};
