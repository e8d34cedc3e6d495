/**
 * Signed in or not, in one place (docs/decisions/0015-route-kit.md). A loader or an
 * action takes its /client caller from here:
 *
 *   const api = await requireApi(request, context);           // signed in, or /login?redirectTo=…
 *   const api = await requireApi(request, context, "prompt"); // or the Go To Login? page (docs/product/messages.md)
 *   const api = await optionalApi(request, context);          // guests too
 *
 * A code 3 from any call made through these clears the sign-in and takes the same path
 * (for optionalApi: the same page again, as a guest), so no route tests for it.
 */
import { Code } from "../../../contract/envelope";
import { MESSAGES } from "../../../contract/messages";
import { apiFor, type Api, type ApiResult } from "~/services/kit/caller.server";
import { clearSignIn, commitSession, flashToast, loginUrl, type AppSession, type Toast } from "~/session.server";
import { combineHeaders, json, NO_STORE, redirect, type AppLoadContext } from "./http.server";

/**
 * Where a signed-out visitor goes (docs/product/messages.md): "login" the sign-in page and back; "home";
 * "prompt" the page's Go To Login? (a 401 the error boundary draws); "json" a 401 body for
 * resource routes that islands fetch.
 */
export type SignedOutPath = "login" | "home" | "prompt" | "json";

/** The 401 body behind Go To Login? (GeneralErrorBoundary draws it) and resource routes. */
export interface SignedOutData {
  message: string;
  loginHref: string;
}

function signedOut(request: Request, path: SignedOutPath, setCookie?: string): Response {
  const headers = new Headers(NO_STORE);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  switch (path) {
    case "login":
      return redirect(loginUrl(request), { headers });
    case "home":
      return redirect("/home", { headers });
    case "prompt":
      return json<SignedOutData>({ message: MESSAGES.goToLogin, loginHref: loginUrl(request) }, { status: 401, headers });
    case "json": {
      // Islands read `error` (card secret, uploads) or `message` (chat signature).
      const message = "Unauthorized, please login";
      return json({ message, error: message, loginHref: loginUrl(request) }, { status: 401, headers });
    }
  }
}

/** The backend's plain code-3 message; any other says why the session ended (a password change elsewhere). */
const PLAIN_SIGNED_OUT = "Please log in first.";

/**
 * The caller with every refusal (of the /client calls and the chat service's) shown to `refuse`
 * first: a Response it gives is thrown as the route's answer instead. The one wrapper the kit's
 * callers share (signed-in pages here, the desks in desk.server.ts).
 */
export function screened(api: Api, refuse: (result: { code: number; msg: string }) => Response | undefined | Promise<Response | undefined>): Api {
  const check = async <R extends ApiResult<unknown>>(result: R): Promise<R> => {
    const answer = result.ok ? undefined : await refuse(result);
    if (answer) throw answer;
    return result;
  };
  const call = (async (...args: Parameters<Api["call"]>) => check(await api.call(...args))) as Api["call"];
  const chat = (async (...args: Parameters<Api["chat"]>) => check(await api.chat(...args))) as Api["chat"];
  return { ...api, call, chat };
}

/** A refusal that says the sign-in is over (code 3: expired, revoked, signed out elsewhere). */
export const endsSignIn = (refusal: { code: number }): boolean => refusal.code === Code.NOT_LOGGED_IN;

/** The caller, with every call's code 3 turned into `onSignedOut`'s response; `why` is the backend's reason when it gave one. */
const guarded = (api: Api, onSignedOut: (why?: string) => Promise<Response>): Api =>
  screened(api, (r) => (endsSignIn(r) ? onSignedOut(r.msg && r.msg !== PLAIN_SIGNED_OUT ? r.msg : undefined) : undefined));

export async function requireApi(request: Request, context: AppLoadContext, path: SignedOutPath = "login"): Promise<Api> {
  const api = await apiFor(request, context);
  if (!api.signedIn) throw signedOut(request, path);
  return guarded(api, async (why) => signedOut(request, path, await clearSignIn(request, why)));
}

export async function optionalApi(request: Request, context: AppLoadContext): Promise<Api> {
  const api = await apiFor(request, context);
  if (!api.signedIn) return api;
  // A token the backend no longer knows: the same page again, signed out.
  const { pathname, search } = new URL(request.url);
  return guarded(api, async (why) => redirect(pathname + search, { headers: { "Set-Cookie": await clearSignIn(request, why) } }));
}

/** The loader of a page that only needs a signed-in user (its data comes with its action): Go To Login? for guests. */
export async function signedInPageLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  await requireApi(request, context, "prompt");
  return json(null, { headers: NO_STORE });
}

/** The Set-Cookie headers of an answer that changed the session: the session, and the device cookie when it is new. */
export async function sessionHeaders(api: Api): Promise<Headers> {
  return combineHeaders({ "Set-Cookie": await commitSession(api.session) }, deviceHeaders(api));
}

/** The device cookie's Set-Cookie, when this request made one (ADR 0055). */
export const deviceHeaders = (api: Api): Headers => combineHeaders(api.deviceCookie ? { "Set-Cookie": api.deviceCookie } : null);

/** A redirect that shows a toast on the next page (the session's flash), with any other `headers` (a device cookie). */
export async function redirectWithToast(session: AppSession, url: string, text: string, kind: Toast["kind"] = "success", headers?: HeadersInit): Promise<Response> {
  flashToast(session, text, kind);
  return redirect(url, { headers: combineHeaders({ "Set-Cookie": await commitSession(session) }, headers) });
}

/** The data of a call, or the route's error boundary with the backend's message (a 502). */
export function must<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw json({ message: result.msg }, { status: 502 });
}
