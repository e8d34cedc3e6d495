/**
 * The web tier names each request by its Remix route id (contract/request-id.ts webRouteOf), read
 * from the app's own route manifest (the one the build is made from): a URL with ids is one name,
 * ?_data names the route only when it is one of ours, and a path no route matches is "unknown".
 * One match per request feeds both its log line and its count on /metrics (log.ts webRequestLog).
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { beforeAll, describe, expect, it } from "vitest";
import { webRouteOf, type ManifestRoute } from "../../contract/request-id";
import { routerExports } from "../http/route-matching";
import { createLogger, webRequestLog } from "./log";
import { createMetrics } from "./metrics";

let manifest: Record<string, ManifestRoute>;
let routeOf: ReturnType<typeof webRouteOf>;
beforeAll(async () => {
  manifest = (await readConfig(process.cwd())).routes;
  routeOf = webRouteOf(manifest, routerExports().matchRoutes);
});

describe("the route id a request is named by", () => {
  it("is the leaf route the path matches, never the URL", () => {
    expect(routeOf("/home")).toBe("routes/_main.home");
    expect(routeOf("/")).toBe("routes/_index");
    expect(routeOf("/desk/orders/123")).toBe("routes/_main.desk.orders.$orderId");
    expect(routeOf("/desk/orders/456")).toBe("routes/_main.desk.orders.$orderId");
  });

  it("is the one ?_data names when that is a route of ours, else the path's", () => {
    expect(routeOf("/home", "root")).toBe("root");
    expect(routeOf("/home", "routes/_main.home")).toBe("routes/_main.home");
    expect(routeOf("/home", "anything-a-caller-types")).toBe("routes/_main.home");
  });

  it("is one name for every path only the catch-all takes", () => {
    expect(routeOf("/no/such/page/1")).toBe(routeOf("/no/such/page/2"));
    expect(routeOf("/no/such/page/1")).toBe("routes/$");
    // Without a catch-all nothing matches: "unknown".
    const small = { root: { id: "root", path: "" }, home: { id: "home", parentId: "root", path: "home" } };
    expect(webRouteOf(small, routerExports().matchRoutes)("/elsewhere")).toBe("unknown");
  });
});

it("one request: one log line and one count, under the same route id and status", async () => {
  const metrics = createMetrics();
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  const hook = webRequestLog(logger, { trustedProxy: () => false, routeOf, observe: metrics.observeRoute });
  const res = Object.assign(new EventEmitter(), { statusCode: 404, writableFinished: true, locals: {}, setHeader: () => {} });
  let passed = false;
  hook({ url: "/desk/orders/77?tab=chat", method: "GET", headers: {}, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage, res as unknown as ServerResponse & { locals: Record<string, unknown> }, () => (passed = true));
  expect(passed).toBe(true);
  res.emit("close");
  expect(lines).toEqual([expect.objectContaining({ tier: "web", route: "routes/_main.desk.orders.$orderId", status: 404 })]);
  const page = await metrics.text();
  expect(page).toContain('marketplace_route_duration_seconds_count{route="routes/_main.desk.orders.$orderId"} 1');
  expect(page).toContain('marketplace_http_responses_total{tier="web",class="4xx"} 1');
  expect(page).not.toContain("/desk/orders/77");
  expect(JSON.stringify(lines)).not.toContain("/desk/orders/77");
});
