/**
 * The one error boundary of the routes (docs/decisions/0015-route-kit.md): what a loader
 * or an action threw, drawn by its status. 401 is the Go To Login? prompt of docs/product/messages.md (the
 * kit's requireApi "prompt"), 404 says the thing is not there (with the route's way on),
 * anything else shows the message with a retry. A route passes its own handler for any status.
 */
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";
import { ErrorState } from "./ErrorState";
import { LoginPrompt } from "./LoginPrompt";

export type StatusHandler = (info: { error: ErrorResponse; message: string }) => ReactNode;

export interface GeneralErrorBoundaryProps {
  /** Per-status handlers; they win over the defaults. */
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  /** Under the 404's title, and its way on. */
  notFound?: { description?: string; action?: ReactNode };
  /** The line under Go To Login? (401). */
  signedOutText?: string;
  /** Above the panel (the page's heading, so the page keeps its name). */
  heading?: ReactNode;
}

export function GeneralErrorBoundary({ statusHandlers, notFound, signedOutText = "Sign in to continue.", heading }: GeneralErrorBoundaryProps) {
  const error = useRouteError();
  let body: ReactNode;
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: string; loginHref?: string } | string | null;
    const message = (typeof data === "object" && data?.message) || error.statusText || "load fail";
    const handler = statusHandlers?.[error.status];
    if (handler) body = handler({ error, message });
    else if (error.status === 401 && typeof data === "object" && data?.loginHref)
      body = <LoginPrompt loginHref={data.loginHref} text={signedOutText} />;
    else if (error.status === 404)
      body = <EmptyState className="rounded-xl bg-white" title={message} description={notFound?.description} action={notFound?.action} />;
    else body = <ErrorState message={message} className="rounded-xl bg-white" />;
  } else {
    body = <ErrorState message="load fail" className="rounded-xl bg-white" />;
  }
  return heading ? (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {heading}
      {body}
    </div>
  ) : (
    body
  );
}
