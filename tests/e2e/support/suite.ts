/**
 * The set-up an e2e file shares: one server and one browser for the whole file
 * (started in beforeAll, closed in afterAll), and a fresh page per test.
 *
 *   const e2e = useServerAndBrowser();
 *   test("…", () =>
 *     e2e.withPage(js, async (page) => {
 *       await page.goto(`${e2e.server.url}/home`);
 *     }));
 *
 * Call it at the top level of the file; `server` and `browser` are there once
 * beforeAll has run (inside tests and hooks).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { failureShot, launchBrowser, newContext } from "./browser";
import { startServer, type StartServerOptions, type StartedServer } from "./server";

export interface ServerAndBrowser {
  readonly server: StartedServer;
  readonly browser: Browser;
  /**
   * Runs `fn` with a fresh page in a fresh context (own cookies), then closes the context;
   * `{ touch: true }` makes it a touch phone.
   */
  withPage(js: boolean, fn: (page: Page, context: BrowserContext) => Promise<void>, opts?: { touch?: boolean; worker?: boolean }): Promise<void>;
}

export interface ServerAndBrowserOptions {
  server?: StartServerOptions;
  /**
   * When `fn` of withPage fails, save a screenshot of its first page as
   * `<failureShots>-failure-<on|off>-<time>` (taken even with E2E_SHOTS=off).
   */
  failureShots?: string;
  /**
   * A database of the server's own, made before it starts (a seeded world: its env is added to the
   * server's) and removed after it stops.
   */
  database?: () => Promise<{ env: Record<string, string>; remove(): Promise<void> }>;
}

export function useServerAndBrowser(opts: ServerAndBrowserOptions = {}): ServerAndBrowser {
  let server: StartedServer | undefined;
  let browser: Browser | undefined;
  let database: Awaited<ReturnType<NonNullable<ServerAndBrowserOptions["database"]>>> | undefined;

  beforeAll(async () => {
    database = await opts.database?.();
    server = await startServer(database ? { ...opts.server, env: { ...opts.server?.env, ...database.env } } : opts.server);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.remove();
  });

  const suite: ServerAndBrowser = {
    get server() {
      if (!server) throw new Error("the e2e server is not started yet (use it inside tests or hooks)");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the e2e browser is not launched yet (use it inside tests or hooks)");
      return browser;
    },
    async withPage(js, fn, ctx) {
      const context = await newContext(suite.browser, { js, touch: ctx?.touch, worker: ctx?.worker });
      try {
        await fn(await context.newPage(), context);
      } catch (err) {
        const first = context.pages()[0];
        if (opts.failureShots && first) {
          await failureShot(first, `${opts.failureShots}-failure-${js ? "on" : "off"}-${Date.now()}`).catch(() => {});
        }
        throw err;
      } finally {
        await context.close();
      }
    },
  };
  return suite;
}
