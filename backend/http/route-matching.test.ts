import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { rememberRouteMatches, routerExports } from "./route-matching";

interface Route {
  id: string;
  path?: string;
  index?: boolean;
  children?: Route[];
}

// Shaped like ours: a root, a pathless layout, flat children with and without params, resource routes.
const tree: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "routes/_main",
        children: [
          { id: "routes/_main.home", path: "home" },
          { id: "routes/_main.orderDetails.$orderId", path: "orderDetails/:orderId" },
          { id: "routes/_main.security._index", path: "security", index: false, children: [{ id: "routes/_main.security._index.i", index: true }] },
          { id: "routes/_main.security.$label", path: "security/:label" },
        ],
      },
      { id: "routes/banner.$id", path: "banner/:id" },
      { id: "routes/$", path: "*" },
    ],
  },
];

const router = routerExports();
// What Remix calls on every request (server-runtime's own module, reading the router's exports).
const { matchServerRoutes } = createRequire(import.meta.url)("@remix-run/server-runtime/dist/routeMatching.js") as {
  matchServerRoutes: (routes: Route[], pathname: string) => { params: Record<string, string>; pathname: string; route: Route }[] | null;
};
const ids = (m: { route: unknown }[] | null) => m?.map((x) => (x.route as Route).id) ?? null;

let forget: (() => void) | undefined;
afterEach(() => forget?.());

describe("remembered route matches", () => {
  it("answer exactly what React Router answers, for static, dynamic, splat and unknown paths", () => {
    const paths = ["/home", "/orderDetails/12", "/orderDetails/13", "/security", "/security/kyc", "/banner/3", "/nowhere/at/all", "/"];
    const plain = paths.map((p) => router.matchRoutes(tree, p));
    forget = rememberRouteMatches(router);
    for (const round of [1, 2]) paths.forEach((p, i) => expect(router.matchRoutes(tree, p), `${p} (${round})`).toEqual(plain[i]));
  });

  it("are what Remix's matching gets: the tree is matched once per path, and a caller's changes stay its own", () => {
    let calls = 0;
    const original = router.matchRoutes;
    router.matchRoutes = (...args) => ((calls += 1), original(...args));
    const unspy = () => void (router.matchRoutes = original);
    const remembered = rememberRouteMatches(router);
    forget = () => (remembered(), unspy());
    const first = matchServerRoutes(tree, "/orderDetails/12")!;
    expect(ids(first)).toEqual(["root", "routes/_main", "routes/_main.orderDetails.$orderId"]);
    expect(first.at(-1)!.params).toEqual({ orderId: "12" });
    first.at(-1)!.params.orderId = "changed by a caller";
    const again = matchServerRoutes(tree, "/orderDetails/12")!;
    expect(again.at(-1)!.params).toEqual({ orderId: "12" });
    expect(ids(matchServerRoutes(tree, "/home"))).toEqual(["root", "routes/_main", "routes/_main.home"]);
    expect(matchServerRoutes(tree, "/home")).not.toBeNull();
    expect(calls).toBe(2);
    // A path longer than any of ours is matched afresh each time, not kept.
    const long = `/${"x".repeat(600)}`;
    expect(ids(matchServerRoutes(tree, long))).toEqual(["root", "routes/$"]);
    matchServerRoutes(tree, long);
    expect(calls).toBe(4);
  });

  it("keep trees apart, and leave location objects to React Router", () => {
    forget = rememberRouteMatches(router);
    const other: Route[] = [{ id: "other", path: "home" }];
    expect(ids(router.matchRoutes(tree, "/home"))).toEqual(["root", "routes/_main", "routes/_main.home"]);
    expect(ids(router.matchRoutes(other, "/home"))).toEqual(["other"]);
    expect(ids(router.matchRoutes(tree, { pathname: "/banner/1" }))).toEqual(["root", "routes/banner.$id"]);
  });

  it("are taken away again", () => {
    const original = router.matchRoutes;
    rememberRouteMatches(router)();
    expect(router.matchRoutes).toBe(original);
  });
});
