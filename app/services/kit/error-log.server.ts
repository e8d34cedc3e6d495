/**
 * An error Remix met in a loader, an action or a render, as one JSON line on stderr with the
 * request's id (ADR 0081): the same id as the request's own line and the backend calls behind it,
 * so an operator finds the stack from the ref a person reports. app/ runs on workerd too, so this
 * is console.error, not the backend's logger; nothing of the request but its method goes in (a
 * path or a body may carry what a log must not).
 */
import { isRouteErrorResponse } from "@remix-run/react";
import type { ApiLoadContext } from "./caller.server";

function webErrorLine(error: unknown, reqId: string | undefined, method: string): string {
  const err = error instanceof Error ? { type: error.name, message: error.message, stack: error.stack } : { message: String(error) };
  return JSON.stringify({ level: 50, time: Date.now(), tier: "web", reqId, msg: `[web] ${method} failed: ${err.message}`, err });
}

/** Remix's handleError (app/entry.server.tsx); like its default, silent for an aborted request and unwrapping Remix's own error responses. */
export function logWebError(error: unknown, request: Request, context: unknown): void {
  if (request.signal.aborted) return;
  const wrapped = isRouteErrorResponse(error) ? (error as unknown as { error?: unknown }).error : undefined;
  const inner = wrapped ?? error;
  console.error(webErrorLine(inner, (context as ApiLoadContext | undefined)?.requestNote?.reqId, request.method));
}
