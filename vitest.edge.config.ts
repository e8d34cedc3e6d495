/**
 * The end-to-end suites that exercise the web tier, a second time against the web tier on
 * workerd: E2E_WEB_TIER=edge makes tests/e2e/support/server.ts start the backend
 * alone on Node and the edge build (npm run build:edge) in miniflare in front of it. The suites
 * and their assertions are the same files as in the Node run; *.edge.e2e.ts run only here.
 * README "The web tier on an edge runtime" lists what runs here and why the rest does not.
 */
import { defineConfig } from "vitest/config";
import e2e, { WEB_TIER_SUITES } from "./vitest.e2e.config";

// Spread, not mergeConfig: that would add the Node run's include and exclude lists to these.
export default defineConfig({
  ...e2e,
  test: {
    ...e2e.test,
    include: [...WEB_TIER_SUITES.map((name) => `tests/e2e/${name}.e2e.ts`), "tests/e2e/**/*.edge.e2e.ts"],
    exclude: ["**/node_modules/**"],
    env: { E2E_WEB_TIER: "edge" },
    // A failed test runs once more here (not in the Node pass, where the same tests run strictly).
    // Two JavaScript-on form tests (the sell page's code list, the register page's code error after
    // Send code) each failed once in five edge runs and passed when run again: a timing race in the
    // browser around the lazily loaded form schema (ADR 0030), not in the worker. The sell page's
    // code list now follows the box's own input (2026-11-27); the register page's is still open.
    retry: 1,
  },
});
