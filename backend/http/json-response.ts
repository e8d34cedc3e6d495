/** The headers of every JSON answer of ours. */
export const NO_STORE_JSON = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } as const;

/** A JSON response that is never cached (the call API, the chat API, the image errors). */
export const jsonResponse = (body: unknown, status = 200) => jsonTextResponse(JSON.stringify(body), status);

/** The same, for a body already serialized. */
export const jsonTextResponse = (text: string, status = 200) =>
  new Response(text, { status, headers: NO_STORE_JSON });
