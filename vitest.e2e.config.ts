/**
 * Vitest configuration for the end-to-end suite: a real server (server.ts)
 * driven by Debian's Chromium through playwright-core.
 *
 * Files run one after another: each starts its own server and browser, and
 * two at once would fight over the machine's 2 cores.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The suites that exercise the web tier through the core loop: they run here on Node and again on
 * workerd (vitest.edge.config.ts). README "The web tier on an edge runtime" says why these.
 */
export const WEB_TIER_SUITES = [
  "browse", // browse the catalogue and the offers
  "auth", // sign in and out, register with a code from the outbox, forgot password
  "sell", // sell an e-code card and a picture card; the order page with its decrypted code
  "trading-loop", // the order followed to payment, codes, the wallet's bills
  "wallet", // wallet, a withdrawal, bank accounts
  "chat", // the chat page with its history (the worker passes /chat/* through to the backend)
  "csrf", // the route kit's CSRF checks
  "first-visit", // a first visit's styles inside the page (the embedded stylesheet is the worker's too)
  "islands", // islands-only pages and their touches script (the worker names and serves it too: ADR 0067)
  "pwa", // the service worker and its offline shell (each build lays out its own /sw.js: ADR 0077)
  "quotes", // a price shown is a price promised: each sell form's race, asked again through the web tier's actions (ADR 0050)
];
const webTierFiles = WEB_TIER_SUITES.map((name) => `tests/e2e/${name}.e2e.ts`);

/**
 * E2E_NODE_SUITES narrows this pass: "web-tier" runs only WEB_TIER_SUITES, "others" every suite but
 * those; unset or "all", everything. CI crosses them (ADR 0039): its PGlite run takes the web-tier
 * suites on Node, its PostgreSQL run the others on Node and the web-tier suites on workerd.
 */
function nodeSuites(choice = process.env.E2E_NODE_SUITES ?? "all"): { include: string[]; exclude: string[] } {
  const edgeOnly = "tests/e2e/**/*.edge.e2e.ts"; // the edge's own checks run in the edge pass only
  if (choice === "web-tier") return { include: webTierFiles, exclude: ["**/node_modules/**"] };
  if (choice === "others") return { include: ["tests/e2e/**/*.e2e.ts"], exclude: ["**/node_modules/**", edgeOnly, ...webTierFiles] };
  if (choice === "all") return { include: ["tests/e2e/**/*.e2e.ts"], exclude: ["**/node_modules/**", edgeOnly] };
  throw new Error(`E2E_NODE_SUITES must be "all", "web-tier" or "others", not "${choice}"`);
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    ...nodeSuites(),
    environment: "node",
    // One migrated and seeded database that every server copies (ADR 0038).
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    // Browser flows are slow on a loaded 2-core machine; server start-up
    // (PGlite first open, migrations, seed) happens in beforeAll.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too short for a page that reloads
    // its data through the server on a loaded machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
