/**
 * The web tier's requests counted per Remix route id (ADR 0080), never per URL: "routes/orders.$id",
 * not "/orders/123". The id is the leaf route the path matches (React Router's matchRoutes on a
 * tree built once from the build's manifest, so http/route-matching.ts remembers its answers), or
 * the route a ?_data= request names when that is one of ours; anything else is "unknown".
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { webRouteOf, type ManifestRoute } from "../../contract/request-id";
import { routerExports } from "../http/route-matching";
import type { Metrics } from "./metrics";

export type { ManifestRoute };

/** `url` (a request's path and query) → the route id it is counted under: the logs' rule (webRouteOf). */
export function routeIdOf(manifest: Record<string, ManifestRoute | undefined>): (url: string) => string {
  const routeOf = webRouteOf(manifest, routerExports().matchRoutes);
  return (url) => {
    const q = url.indexOf("?");
    return q < 0 ? routeOf(url) : routeOf(url.slice(0, q), new URLSearchParams(url.slice(q + 1)).get("_data"));
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
