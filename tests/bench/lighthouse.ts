/**
 * Lighthouse's mobile profile (its default: a Moto G Power on slow 4G, simulated) on the pages a
 * seller opens most: performance score with Total Blocking Time and Cumulative Layout Shift, and
 * the accessibility score beside. Three runs per page, median printed beside the target (ADR 0067:
 * performance ≥ 98). Signed-in pages carry a fresh seller's session cookie.
 *
 * Lighthouse is not a dependency of the project (12.2.3 is the last release that runs on Node 20):
 * it is installed once, outside the repository, under LIGHTHOUSE_HOME (default
 * ~/.cache/lighthouse-12.2.3) the first time this section runs, from the npm registry. Scores are
 * only meaningful on a quiet machine: nothing else should run beside the bench.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_ARGS, signInCookies } from "../e2e/support/browser";
import { startServer } from "../e2e/support/server";
import { newSeller } from "../e2e/support/users";
import type { BenchSection } from "./sections";

const VERSION = "12.2.3";
const RUNS = 3;
const TARGET = 98;
const PAGES: Array<{ path: string; signedIn?: boolean }> = [
  { path: "/home" },
  { path: "/advertList/1" },
  { path: "/login" },
  { path: "/orderList", signedIn: true },
  { path: "/account", signedIn: true },
];

/** The CLI's entry, installed on first use. */
function lighthouseCli(): string {
  const home = process.env.LIGHTHOUSE_HOME ?? join(homedir(), ".cache", `lighthouse-${VERSION}`);
  const cli = join(home, "node_modules", "lighthouse", "cli", "index.js");
  if (!existsSync(cli)) {
    mkdirSync(home, { recursive: true });
    console.log(`installing lighthouse@${VERSION} into ${home} (once)`);
    execFileSync("npm", ["i", "-E", `lighthouse@${VERSION}`, "--no-audit", "--no-fund"], { cwd: home, stdio: "inherit" });
  }
  return cli;
}

interface Run {
  performance: number;
  accessibility: number;
  tbt: number;
  cls: number;
  lcp: number;
}

function audit(cli: string, url: string, cookie?: string): Run {
  const args = [
    cli,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    "--only-categories=performance,accessibility",
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const out = execFileSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  const lhr = JSON.parse(out) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  const value = (a: string) => lhr.audits[a]?.numericValue ?? NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    tbt: Math.round(value("total-blocking-time")),
    cls: Number(value("cumulative-layout-shift").toFixed(3)),
    lcp: Math.round(value("largest-contentful-paint")),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const lighthouse: BenchSection = {
  name: "lighthouse",
  title: `Lighthouse ${VERSION}, mobile profile`,
  async run() {
    const cli = lighthouseCli();
    const server = await startServer();
    try {
      const seller = await newSeller(server.apiUrl, "lighthouse");
      const cookie = (await signInCookies(server.url, seller)).join("; ");
      const rows = [];
      const figures = [];
      for (const { path, signedIn } of PAGES) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(audit(cli, server.url + path, signedIn ? cookie : undefined));
        const m = {
          performance: median(runs.map((r) => r.performance)),
          accessibility: median(runs.map((r) => r.accessibility)),
          tbtMs: median(runs.map((r) => r.tbt)),
          cls: median(runs.map((r) => r.cls)),
          lcpMs: median(runs.map((r) => r.lcp)),
        };
        rows.push({
          page: path,
          performance: runs.map((r) => r.performance).join(" / "),
          median: m.performance,
          target: TARGET,
          met: m.performance >= TARGET ? "met" : "MISSED",
          "TBT (ms)": m.tbtMs,
          CLS: m.cls,
          "LCP (ms)": m.lcpMs,
          accessibility: m.accessibility,
        });
        figures.push({ path, ...m, runs });
      }
      console.log(`\nLighthouse ${VERSION} mobile (simulated slow 4G, 4× CPU), median of ${RUNS}:`);
      console.table(rows);
      return figures;
    } finally {
      await server.stop();
    }
  },
};
