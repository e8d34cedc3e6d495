/**
 * The web tier on workerd against the web tier on Node, both in front of the same backend
 *, measured in one run:
 *
 * - time to first byte of /home and /advertList/1: median and p90 of sequential requests;
 * - throughput and p99 of the same pages under 50 connections (autocannon);
 * - the worker bundle's size, raw and gzip-compressed (what Cloudflare counts), against the
 *   limits of a free (3 MB) and a paid (10 MB) worker.
 *
 * The backend runs alone (WEB_TIER=off); the Node web tier is server.ts with CLIENT_API_URL, the
 * edge one build/edge/worker.js in miniflare (npm run build:edge first), each calling the backend
 * over loopback with the same response-encryption key. Requests say `Accept-Encoding: gzip,
 * deflate, br` as a browser does.
 */
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { EDGE_WORKER } from "../../scripts/build-edge";
import { startEdgeWebTier } from "../../scripts/edge-web-tier";
import { freePort, startServer } from "../e2e/support/server";
import type { BenchSection } from "./sections";
import { figure, load, ratio, SERVER_ENV, type Figure } from "./server";

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const TTFB_SAMPLES = 60;
const PAGES = ["/home", "/advertList/1"];
const MB = 1024 * 1024;

/** Sequential requests, each timed to its response headers (the body is drained after). */
async function ttfb(url: string): Promise<{ medianMs: number; p90Ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < TTFB_SAMPLES + 5; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers: BROWSER_HEADERS });
    const t = performance.now() - start;
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    if (i >= 5) times.push(t); // the first few warm up
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { medianMs: at(0.5), p90Ms: at(0.9) };
}

export const edge: BenchSection = {
  name: "edge",
  title: "the web tier on workerd against the web tier on Node, same backend",
  async run() {
    const worker = readFileSync(EDGE_WORKER);
    const bundle = {
      rawBytes: statSync(EDGE_WORKER).size,
      gzipBytes: gzipSync(worker).length,
    };
    const limits = { ofFreeLimit: ratio(bundle.gzipBytes, 3 * MB), ofPaidLimit: ratio(bundle.gzipBytes, 10 * MB) };
    console.table([{ ...bundle, ...limits }]);

    const key = { RESPONSE_ENCRYPTION_KEY: "bench-response-key" };
    const started: { stop(): Promise<void> }[] = [];
    try {
      const backend = await startServer({ env: { ...SERVER_ENV, ...key, WEB_TIER: "off" } });
      started.push(backend);
      const nodeWeb = await startServer({ env: { ...SERVER_ENV, ...key, CLIENT_API_URL: backend.url } });
      started.push(nodeWeb);
      const edgeWeb = await startEdgeWebTier({
        port: await freePort(),
        env: { ...key, CLIENT_API_URL: backend.url, SESSION_SECRET: "bench-session-secret", NODE_ENV: "production" },
      });
      started.push(edgeWeb);
      const tiers = [
        { tier: "node", url: nodeWeb.url },
        { tier: "workerd", url: edgeWeb.url },
      ];
      const ttfbRows: { page: string; tier: string; medianMs: number; p90Ms: number }[] = [];
      const loadRows: (Figure & { tier: string })[] = [];
      for (const page of PAGES) {
        for (const t of tiers) await load({ url: `${t.url}${page}`, headers: BROWSER_HEADERS }, 10); // warm-up: JIT, caches
        for (const t of tiers) ttfbRows.push({ page, tier: t.tier, ...(await ttfb(`${t.url}${page}`)) });
        for (const t of tiers) loadRows.push({ tier: t.tier, ...figure(`GET ${page}`, await load({ url: `${t.url}${page}`, headers: BROWSER_HEADERS })) });
      }
      console.table(ttfbRows);
      console.table(loadRows);
      const pick = <T extends { tier: string }>(rows: T[], page: string, tier: string, match: (r: T) => boolean) =>
        rows.find((r) => r.tier === tier && match(r))!;
      const ratios = Object.fromEntries(
        PAGES.map((page) => {
          const tt = (tier: string) => pick(ttfbRows, page, tier, (r) => r.page === page).medianMs;
          const rate = (tier: string) => pick(loadRows, page, tier, (r) => r.name === `GET ${page}`).reqPerSec;
          return [page, { ttfbEdgeOverNode: ratio(tt("workerd"), tt("node")), throughputEdgeOverNode: ratio(rate("workerd"), rate("node")) }];
        }),
      );
      console.table(ratios);
      return { bundle: { ...bundle, ...limits }, ttfb: ttfbRows, load: loadRows, ratios };
    } finally {
      for (const s of started.reverse()) await s.stop();
    }
  },
};
