/**
 * Vitest configuration for the unit and integration suites.
 *
 * Unit tests sit beside the code they test (contract/, backend/, app/);
 * API integration tests live under tests/integration/. End-to-end tests
 * have their own config (vitest.e2e.config.ts) because they need a built
 * web tier, a running server and a browser.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Mirror tsconfig's "~/*" → "./app/*" path mapping used by the Remix app.
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "contract/**/*.test.ts",
      "backend/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // One migrated (and seeded) PGlite that every test backend loads (ADR 0038).
    globalSetup: ["tests/support/global-setup-integration.ts"],
    // PGlite's first open takes a few seconds; migrations in beforeAll more.
    // A ceiling, not a measure: a test that hangs still fails; 30 s was seen running out on a
    // doubly loaded machine (three test runs at once).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Separate processes isolate PGlite instances; the machine has 2 cores.
    pool: "forks",
    maxWorkers: 2,
    // Each worker keeps its loaded modules from one file to the next (ADR 0042): re-importing the
    // backend's module graph for each of 70 files was half the suite's time (599 s → 307 s). Every
    // file builds its own backend and database, so no test leans on module state another left.
    isolate: false,
  },
});
