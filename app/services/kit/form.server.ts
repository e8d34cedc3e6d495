/**
 * The one way an action reads its form (docs/decisions/0015-route-kit.md):
 * - a body that is not a form (wrong content type, a broken multipart body) is a
 *   400 with the page's error text, logged as one line without a stack;
 * - a request from another site is a 403 (csrf.ts), and one that does not say
 *   where it comes from must carry the session's token.
 * Throws the Response, so an action reads `const form = await readForm(request);`.
 */
import { getSession } from "~/session.server";
import { combineHeaders, NO_STORE } from "./http.server";
import { INTENT_FIELD } from "./intent";
import { CROSS_SITE_REFUSED, CSRF_FIELD, TOKEN_MISSING, originVerdict, tokensMatch } from "./csrf";

export const NOT_A_FORM = "This form could not be read. Please try again.";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(request: Request, status: 400 | 403, message: string, reason: string): Response {
  const { pathname } = new URL(request.url);
  // One line, no stack, nothing from the body (it may hold a password or a code).
  console.warn(`[web] ${status} ${request.method} ${pathname}: ${reason}`);
  return new Response(JSON.stringify({ message }), {
    status,
    headers: combineHeaders({ "content-type": "application/json; charset=utf-8" }, NO_STORE),
  });
}

/** A refused body this size or smaller is read to its end; a larger one is cancelled. */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/**
 * Reads an unwanted body before the refusal is sent: workerd resets a kept-alive connection whose
 * request body was left unread, and the client's next request on it fails (ECONNRESET).
 */
async function drainBody(request: Request): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A body that breaks off is as good as drained.
  }
}

export async function readForm(request: Request): Promise<FormData> {
  const verdict = originVerdict(request.headers, new URL(request.url).host);
  if (verdict === "foreign") {
    await drainBody(request);
    throw refuse(request, 403, CROSS_SITE_REFUSED, "cross-site origin");
  }

  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    await drainBody(request);
    throw refuse(request, 400, NOT_A_FORM, `not a form (${type || "no content type"})`);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (err) {
    throw refuse(request, 400, NOT_A_FORM, `unreadable ${type} body (${err instanceof Error ? err.name : "error"})`);
  }

  if (verdict === "unknown") {
    const session = await getSession(request);
    if (!tokensMatch(session.get("csrf"), form.get(CSRF_FIELD))) throw refuse(request, 403, TOKEN_MISSING, "no origin and no valid token");
  }
  return form;
}

/**
 * The text fields a person typed into `form`, for a refused post to show again (ADR 0061): not the
 * CSRF token or the intent, not files, not `drop` (the form's own keys, and secrets: those are typed again).
 */
export function typedFields(form: FormData, drop: readonly string[] = []): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== CSRF_FIELD && k !== INTENT_FIELD && !drop.includes(k)) typed[k] = v;
  return typed;
}
