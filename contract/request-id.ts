/**
 * One request id across the tiers (ADR 0081): the web tier takes a trusted proxy's (nginx's
 * $request_id) or makes its own, passes it to the backend in this header, and both tiers log it.
 * Web-standard only: app/, edge/ and the backend all read it.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** Letters, digits and - _ . only, 8 to 64 of them: nginx's 32 hex digits, a UUID, a Cloudflare ray id. */
const VALID = /^[A-Za-z0-9._-]{8,64}$/;

/** The id a trusted sender gave, when it is one; otherwise undefined (then make one: newRequestId). */
export function acceptedRequestId(value: string | null | undefined): string | undefined {
  return value && VALID.test(value) ? value : undefined;
}

export const newRequestId = (): string => crypto.randomUUID();

/**
 * What the web tier's load context carries about its request: its id (sent on every backend call)
 * and, once a caller has read the session, the user's id, for the request's log line.
 */
export interface RequestNote {
  reqId: string;
  userId?: number;
}

/** A Remix build's route as its manifest lists it (ServerBuild["routes"][id]). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
type MatchRoutes = (routes: object[], pathname: string) => { route: unknown }[] | null;

/**
 * The Remix route id a web request is for, to log instead of its URL (which may carry a reset
 * token or a ?query): a data request names its route (?_data=); otherwise the deepest route the
 * path matches, as Remix matches it (React Router's matchRoutes, passed in). "unknown" for none.
 * The web tier's log line and its count on /metrics (backend/ops/log.ts webRequestLog) name a request by this one rule, matched once.
 */
export function webRouteOf(routes: Record<string, ManifestRoute | undefined>, matchRoutes: MatchRoutes) {
  const children = (parentId: string | undefined): object[] =>
    Object.values(routes)
      .filter((r): r is ManifestRoute => Boolean(r) && r!.parentId === parentId)
      .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: r.index ? undefined : children(r.id) }));
  const tree = children(undefined);
  return (pathname: string, dataRoute?: string | null): string => {
    if (dataRoute && routes[dataRoute]) return dataRoute;
    const matches = matchRoutes(tree, pathname);
    return (matches?.[matches.length - 1]?.route as { id?: string } | undefined)?.id ?? "unknown";
  };
}
