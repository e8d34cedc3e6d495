/**
 * Vitest configuration for the end-to-end suite: a real server (server.ts)
 * driven by Debian's Chromium through playwright-core.
 *
 * Files run one after another: each starts its own server and browser, and
 * two at once would fight over the machine's 2 cores.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    // The edge web tier's own checks run in the edge pass (vitest.edge.config.ts).
    exclude: ["**/node_modules/**", "tests/e2e/**/*.edge.e2e.ts"],
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
