/** Route params and the 404 they lead to when they name nothing (docs/decisions/0015-route-kit.md). */

/** A 404 whose message the route's GeneralErrorBoundary shows. */
export function notFoundResponse(message: string): Response {
  return new Response(JSON.stringify({ message }), { status: 404, headers: { "content-type": "application/json" } });
}

/** A positive integer route param, or a 404 with `message`. */
export function idParam(param: string | undefined, message: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFoundResponse(message);
  return id;
}
