/** The error boundary of the wallet routes: a missing item says so, anything else shows the message with a retry. */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState, ErrorState } from "~/components/ui";

export function RouteError({ notFoundDescription, notFoundAction }: { notFoundDescription?: string; notFoundAction?: ReactNode }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error)
    ? ((error.data as { message?: string } | null)?.message ?? error.statusText)
    : "load fail";
  return notFound ? (
    <EmptyState className="rounded-xl bg-white" title={message} description={notFoundDescription} action={notFoundAction} />
  ) : (
    <ErrorState message={message || "load fail"} className="rounded-xl bg-white" />
  );
}

/** A 404 for a bad or foreign id. */
export function notFoundResponse(message: string): Response {
  return new Response(JSON.stringify({ message }), { status: 404, headers: { "content-type": "application/json" } });
}

/** A positive integer route param, or a 404. */
export function idParam(param: string | undefined, message: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFoundResponse(message);
  return id;
}
