/**
 * The one place the web tier takes Remix's runtime from (docs/decisions/0015-route-kit.md):
 * responses, cookies, session storage and the route types. Routes and services import these,
 * never a runtime package, so moving the web tier to another runtime (an edge worker) swaps
 * this file's adapter and touches no route. The import-guard test keeps it that way.
 */
export { createCookie, createCookieSessionStorage, json, redirect } from "@remix-run/node";
export type {
  ActionFunctionArgs,
  AppLoadContext,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
  Session,
} from "@remix-run/node";
