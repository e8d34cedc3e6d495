/**
 * The one place the web tier takes Remix's runtime from (docs/decisions/0015-route-kit.md):
 * responses, cookies, session storage and the route types, all from the runtime-neutral
 * @remix-run/server-runtime with cookies signed by WebCrypto (cookie-signing.ts). Routes and
 * services import these, never a runtime package, so the same app/ runs on Node and on an edge
 * runtime. The import-guard test keeps it that way.
 */
import { createCookieFactory, createCookieSessionStorageFactory } from "@remix-run/server-runtime";
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
