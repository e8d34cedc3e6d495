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

/** The ids of an evidence picture's address (/…/{orderId}/…/{evidenceId}/{index}, ADR 0074); a 404 when any is not one. */
export function evidencePictureParams(params: Record<string, string | undefined>): { id: number; evidenceId: number; index: number } {
  const index = Number(params.index);
  if (!Number.isSafeInteger(index) || index < 0) throw notFoundResponse("Picture not found.");
  return { id: idParam(params.orderId, "Picture not found."), evidenceId: idParam(params.evidenceId, "Picture not found."), index };
}

/** The ids of a support ticket picture's address (/…/{ticketId}/picture/{messageId}/{index}, ADR 0078); a 404 when any is not one. */
export function ticketPictureParams(params: Record<string, string | undefined>): { id: number; messageId: number; index: number } {
  const index = Number(params.index);
  if (!Number.isSafeInteger(index) || index < 0) throw notFoundResponse("Picture not found.");
  return { id: idParam(params.ticketId, "Picture not found."), messageId: idParam(params.messageId, "Picture not found."), index };
}
