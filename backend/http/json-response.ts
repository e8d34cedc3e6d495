/** A JSON response that is never cached (the call API, the chat API, the image errors). */
export const jsonResponse = (body: unknown, status = 200) => jsonTextResponse(JSON.stringify(body), status);

/** The same, for a body already serialized. */
export const jsonTextResponse = (text: string, status = 200) =>
  new Response(text, { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
