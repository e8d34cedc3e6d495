/**
 * Remix matches each request's path against the route tree it builds once per build (server-runtime's
 * matchServerRoutes calls React Router's matchRoutes). matchRoutes flattens, ranks and compiles a
 * pattern for each of our 74 routes on every call: 0.35 ms for most paths, 0.65 ms for /home (it
 * ranks last, so every branch is tried first), a quarter of /home's time under load (ADR 0045).
 * The answer depends only on the tree and the path, so on Node, where that call goes through the
 * router package's exports, it is remembered per tree (by identity: a tree built per request is
 * never found again and costs one small Map) and path, and each caller gets its own copy.
 */
import { createRequire } from "node:module";

interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: unknown;
}
type MatchRoutes = (routes: object, location: unknown, basename?: string) => RouteMatch[] | null;
interface RouterExports {
  matchRoutes: MatchRoutes;
}

/** Paths remembered per tree; the oldest is dropped (a path with an id is one entry per id). */
const PATHS_KEPT = 2000;
/** A longer path (no route of ours has one; a probe's might) is matched afresh, not kept. */
const PATH_KEPT_MAX = 512;

/** A copy the caller may change: the matches share one params object, as React Router's do. */
function copy(matches: RouteMatch[] | null): RouteMatch[] | null {
  if (!matches) return null;
  const params = { ...matches[0]?.params };
  return matches.map((m) => ({ ...m, params }));
}

export function routerExports(): RouterExports {
  return createRequire(import.meta.url)("@remix-run/router") as RouterExports;
}

/** Puts the memo in front of the router's matchRoutes; returns what takes it away again. */
export function rememberRouteMatches(router: RouterExports = routerExports()): () => void {
  const original = router.matchRoutes;
  const byTree = new WeakMap<object, Map<string, RouteMatch[] | null>>();
  router.matchRoutes = (routes, location, basename) => {
    // Remix passes the path as a string; a location object (React Router's own render) is left alone.
    if (typeof location !== "string" || location.length > PATH_KEPT_MAX) return original(routes, location, basename);
    let known = byTree.get(routes);
    if (!known) byTree.set(routes, (known = new Map()));
    const key = basename ? `${basename}\n${location}` : location;
    let matches = known.get(key);
    if (matches === undefined) {
      matches = original(routes, location, basename);
      if (known.size >= PATHS_KEPT) known.delete(known.keys().next().value!);
      known.set(key, matches);
    }
    return copy(matches);
  };
  return () => {
    router.matchRoutes = original;
  };
}
