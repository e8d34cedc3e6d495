/**
 * What a phone pays for a page, and what a seller on slow 3G sees.
 *
 * 1. Page weight on loopback: HTML bytes (gzip) and JavaScript bytes as stored (brotli, gzip).
 * 2. Slow 3G in Chromium: a 390×844 phone with a cold cache (a fresh context per run), throttled
 *    by CDP to 400 ms round trip and 50,000 bytes/s each way. Per page, three runs with
 *    JavaScript (first paint = first-contentful-paint; usable = the main layout's data-hydrated
 *    attribute appearing, from navigation start) and three without (loaded = loadEventEnd), all
 *    three printed with their median beside the target. JS and HTML bytes are what
 *    Chromium received (CDP encodedDataLength: compressed body plus headers).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, newContext } from "../e2e/support/browser";
import { startH2Front } from "./h2-front";
import { startServer } from "../e2e/support/server";
import { pageWeight as scriptWeight, scriptsInHtml } from "../../scripts/js-weight";
import type { BenchSection } from "./sections";

/** Bytes a page costs as the server sends them: its HTML (gzip) and its scripts' stored copies. */
async function pageWeight(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const js = scriptWeight(scriptsInHtml(html));
  return { path, htmlBytes: Buffer.byteLength(html), htmlGzip: gzipSync(html).length, jsFiles: js.files.length, jsBrotli: js.wire, jsGzip: js.gzip };
}

/** 400 kbit/s and 400 ms round trip, as the issue measures. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const RUNS = 3;

/** The targets in milliseconds (undefined: none set). */
interface Targets {
  firstPaint?: number;
  usable: number;
  loadedNoJs: number;
}
const SLOW_PAGES: Array<{ path: string; targets: Targets }> = [
  { path: "/home", targets: { firstPaint: 1000, usable: 2500, loadedNoJs: 2500 } },
  { path: "/advertList/1", targets: { usable: 4000, loadedNoJs: 2500 } },
  { path: "/login", targets: { usable: 4000, loadedNoJs: 2500 } },
];

interface Run {
  firstPaint: number;
  /** Hydrated (JS on) or loadEventEnd (JS off), ms from navigation start. */
  done: number;
  jsBytes: number;
  htmlBytes: number;
}

/** One cold load of `url` on slow 3G. */
async function slowLoad(browser: Browser, url: string, js: boolean): Promise<Run> {
  const context = await newContext(browser, { js });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    const types = new Map<string, string>();
    let jsBytes = 0;
    let htmlBytes = 0;
    cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
    cdp.on("Network.loadingFinished", (e) => {
      const type = types.get(e.requestId);
      if (type === "Script") jsBytes += e.encodedDataLength;
      if (type === "Document") htmlBytes += e.encodedDataLength;
    });
    // When the layout marks itself hydrated, in the page's own clock (0 = navigation start).
    await page.addInitScript(() => {
      const w = window as unknown as { __hydratedAt?: number };
      new MutationObserver((_, observer) => {
        if (w.__hydratedAt === undefined && document.querySelector("[data-hydrated]")) {
          w.__hydratedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (js) {
      await page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined, null, { timeout: 120_000 });
      // Route chunks a hydrated page asks for next still cost the phone: count them too.
      await page.waitForLoadState("networkidle", { timeout: 20_000 }).catch(() => {});
    }
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? NaN,
      hydrated: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? NaN,
    }));
    return { firstPaint: timing.firstPaint, done: js ? timing.hydrated : timing.loaded, jsBytes, htmlBytes };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const runs = (xs: number[]) => xs.map(seconds).join(" / ");
const verdict = (value: number, target?: number) => (target === undefined ? "" : value <= target ? "met" : "MISSED");

async function slow3G(browser: Browser, base: string, protocol: string) {
  const rows = [];
  const figures = [];
  for (const { path, targets } of SLOW_PAGES) {
    const withJs: Run[] = [];
    const withoutJs: Run[] = [];
    for (let i = 0; i < RUNS; i++) withJs.push(await slowLoad(browser, base + path, true));
    for (let i = 0; i < RUNS; i++) withoutJs.push(await slowLoad(browser, base + path, false));
    const paint = withJs.map((r) => r.firstPaint);
    const usable = withJs.map((r) => r.done);
    const loaded = withoutJs.map((r) => r.done);
    const jsBytes = median(withJs.map((r) => r.jsBytes));
    const htmlBytes = median(withJs.map((r) => r.htmlBytes));
    const m = { firstPaint: median(paint), usable: median(usable), loadedNoJs: median(loaded) };
    rows.push(
      { page: path, figure: "first paint (s)", runs: runs(paint), median: seconds(m.firstPaint), target: targets.firstPaint ? seconds(targets.firstPaint) : "", met: verdict(m.firstPaint, targets.firstPaint) },
      { page: path, figure: "usable (s)", runs: runs(usable), median: seconds(m.usable), target: seconds(targets.usable), met: verdict(m.usable, targets.usable) },
      { page: path, figure: "no-JS loaded (s)", runs: runs(loaded), median: seconds(m.loadedNoJs), target: seconds(targets.loadedNoJs), met: verdict(m.loadedNoJs, targets.loadedNoJs) },
      { page: path, figure: "JS on the wire (bytes)", runs: withJs.map((r) => r.jsBytes).join(" / "), median: String(jsBytes), target: "", met: "" },
      { page: path, figure: "HTML on the wire (bytes)", runs: withJs.map((r) => r.htmlBytes).join(" / "), median: String(htmlBytes), target: "", met: "" },
    );
    figures.push({ path, protocol, ...m, jsBytes, htmlBytes, targets, runs: { firstPaint: paint, usable, loadedNoJs: loaded } });
  }
  console.log(`\nslow 3G over ${protocol} (400 ms RTT, 50,000 B/s), Chromium 390×844, cold cache, median of 3:`);
  console.table(rows);
  return figures;
}

export const pages: BenchSection = {
  name: "pages",
  title: "page weight and slow 3G",
  async run() {
    const server = await startServer();
    const front = await startH2Front(server.url);
    // The front's certificate is a throw-away self-signed one: accepted here, in the bench only.
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"] });
    try {
      const weights = [];
      for (const { path } of SLOW_PAGES) weights.push(await pageWeight(server.url, path));
      console.table(weights);
      // HTTP/2 is how phones reach us (a CDN or an edge host in front); HTTP/1.1 straight to the
      // origin is printed beside it, from the same server in the same run.
      const h2 = await slow3G(browser, front.url, "HTTP/2 (TLS front, as a CDN)");
      const h1 = await slow3G(browser, server.url, "HTTP/1.1 (the origin directly)");
      return { weights, slow3G: h2, slow3GHttp1: h1 };
    } finally {
      await browser.close();
      await front.close();
      await server.stop();
    }
  },
};
