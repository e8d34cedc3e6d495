/**
 * The web tier counts each request under its Remix route id (metrics-routes.ts), read from the
 * app's own route manifest (the one the build is made from): a URL with ids is one label, ?_data
 * names the route only when it is one of ours, and a path no route matches is "unknown".
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createMetrics } from "./metrics";
import { routeIdOf, routeMetrics, type ManifestRoute } from "./metrics-routes";

let manifest: Record<string, ManifestRoute>;
beforeAll(async () => {
  manifest = (await readConfig(process.cwd())).routes;
});

describe("the route id a request is counted under", () => {
  it("is the leaf route the path matches, never the URL", () => {
    const idOf = routeIdOf(manifest);
    expect(idOf("/home")).toBe("routes/_main.home");
    expect(idOf("/")).toBe("routes/_index");
    expect(idOf("/desk/orders/123?tab=chat")).toBe("routes/_main.desk.orders.$orderId");
    expect(idOf("/desk/orders/456")).toBe("routes/_main.desk.orders.$orderId");
  });

  it("is the one ?_data names when that is a route of ours, else the path's", () => {
    const idOf = routeIdOf(manifest);
    expect(idOf("/home?_data=root")).toBe("root");
    expect(idOf("/home?_data=routes%2F_main.home")).toBe("routes/_main.home");
    expect(idOf("/home?_data=anything-a-caller-types")).toBe("routes/_main.home");
  });

  it("is one label for every path only the catch-all takes", () => {
    const idOf = routeIdOf(manifest);
    expect(idOf("/no/such/page/1")).toBe(idOf("/no/such/page/2"));
    expect(idOf("/no/such/page/1")).toBe("routes/$");
    // Without a catch-all nothing matches: "unknown".
    expect(routeIdOf({ root: { id: "root", path: "" }, home: { id: "home", parentId: "root", path: "home" } })("/elsewhere")).toBe("unknown");
  });
});

it("the middleware counts a finished request under its route and status class", async () => {
  const metrics = createMetrics();
  const count = routeMetrics(metrics, manifest);
  const res = Object.assign(new EventEmitter(), { statusCode: 404 }) as unknown as ServerResponse;
  let passed = false;
  count({ url: "/desk/orders/77", originalUrl: "/desk/orders/77" } as IncomingMessage & { originalUrl: string }, res, () => (passed = true));
  expect(passed).toBe(true);
  res.emit("finish");
  const page = await metrics.text();
  expect(page).toContain('marketplace_route_duration_seconds_count{route="routes/_main.desk.orders.$orderId"} 1');
  expect(page).toContain('marketplace_http_responses_total{tier="web",class="4xx"} 1');
  expect(page).not.toContain("/desk/orders/77");
});
