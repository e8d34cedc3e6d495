/**
 * The one place the web tier takes Remix's runtime from (docs/decisions/0015-route-kit.md):
 * responses, cookies, session storage and the route types, all from the runtime-neutral
 * @remix-run/server-runtime with cookies signed by WebCrypto (cookie-signing.ts). Routes and
 * services import these, never a runtime package, so the same app/ runs on Node and on an edge
 * runtime. The import-guard test keeps it that way.
 */
import { createCookieFactory, createCookieSessionStorageFactory, type HeadersFunction } from "@remix-run/server-runtime";
import { sign, unsign } from "./cookie-signing";

export { json, redirect } from "@remix-run/server-runtime";
export const createCookie = createCookieFactory({ sign, unsign });
export const createCookieSessionStorage = createCookieSessionStorageFactory(createCookie);
export type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  ServerRuntimeMetaFunction as MetaFunction,
  SerializeFrom,
  Session,
} from "@remix-run/server-runtime";

/**
 * Headers of an answer only this user may see: never kept by a shared cache, nor by the browser's
 * (a signed-in page, a form's answer, anything with personal data).
 */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * The `headers` export of a page whose document must not be stored either (its loader's and
 * action's answers are NO_STORE; Remix gives a document no cache header of its own).
 */
export const noStoreDocument: HeadersFunction = () => NO_STORE;

/** Headers of an answer this browser may keep for `seconds`, and no shared cache. */
export const privateFor = (seconds: number) => ({ "Cache-Control": `private, max-age=${seconds}` }) as const;

/** Several header sets as one: later sets win for a name, except Set-Cookie, which adds up. */
export function combineHeaders(...sets: Array<HeadersInit | null | undefined>): Headers {
  const out = new Headers();
  for (const set of sets) {
    if (!set) continue;
    new Headers(set).forEach((value, name) => (name === "set-cookie" ? out.append(name, value) : out.set(name, value)));
  }
  return out;
}
