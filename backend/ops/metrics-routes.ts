/**
 * The web tier's requests counted per Remix route id (ADR 0080), never per URL: "routes/orders.$id",
 * not "/orders/123". The id is the leaf route the path matches (React Router's matchRoutes on a
 * tree built once from the build's manifest, so http/route-matching.ts remembers its answers), or
 * the route a ?_data= request names when that is one of ours; anything else is "unknown".
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { routerExports } from "../http/route-matching";
import { UNKNOWN, type Metrics } from "./metrics";

/** What a Remix build's `routes` manifest says of each route (ServerBuild["routes"]). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

function tree(routes: ManifestRoute[], parentId: string | undefined): RouteNode[] {
  return routes
    .filter((r) => r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(routes, r.id) }));
}

/** `url` (a request's path and query) → the route id it is counted under. */
export function routeIdOf(manifest: Record<string, ManifestRoute | undefined>): (url: string) => string {
  const routes = Object.values(manifest).filter((r): r is ManifestRoute => r !== undefined);
  const ids = new Set(routes.map((r) => r.id));
  const root = tree(routes, undefined);
  const router = routerExports();
  return (url) => {
    const q = url.indexOf("?");
    if (q >= 0) {
      const data = new URLSearchParams(url.slice(q + 1)).get("_data");
      if (data !== null && ids.has(data)) return data;
    }
    const path = q < 0 ? url : url.slice(0, q);
    const matches = router.matchRoutes(root, path);
    const leaf = matches?.[matches.length - 1]?.route as RouteNode | undefined;
    return leaf?.id ?? UNKNOWN;
  };
}

/** Express-style middleware: times each request to its finish and counts it under its route id. */
export function routeMetrics(metrics: Pick<Metrics, "observeRoute">, manifest: Record<string, ManifestRoute | undefined>) {
  const idOf = routeIdOf(manifest);
  return (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void) => {
    const started = performance.now();
    res.once("finish", () => metrics.observeRoute(idOf(req.originalUrl ?? req.url ?? "/"), res.statusCode, (performance.now() - started) / 1000));
    next();
  };
}
