/**
 * Renders a page as a web ReadableStream on Node and on an edge runtime alike.
 *
 * React 18 renders to a web stream only in its browser/worker build (renderToReadableStream,
 * what workerd resolves `react-dom/server` to); its Node build offers renderToPipeableStream,
 * which writes to anything with write/end/on. On Node the pipe goes into a small web-standard
 * sink below, so no Node stream or `node:` module is needed here. Browsers get the shell as soon
 * as it is ready; bots and crawlers get the whole page at once.
 */
import type { EntryContext } from "~/services/kit/http.server";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import * as server from "react-dom/server";
import type { ReactElement } from "react";
import { ServerHeadContext } from "~/services/layout/document-head";
import { serverHead, stylesheetSent, withInlineStyles } from "~/services/layout/document-head.server";
import { sharedRender } from "~/services/layout/shared-render.server";
import { logWebError } from "~/services/kit/error-log.server";

/** A loader's, an action's or a render's error: one line with the request's id (ADR 0081). */
export function handleError(error: unknown, { request, context }: { request: Request; context: unknown }) {
  logWebError(error, request, context);
}

const ABORT_DELAY = 5_000;

type Rendered = { stream: ReadableStream<Uint8Array>; failed: () => boolean };

interface Pipeable {
  pipe(destination: unknown): unknown;
  abort(reason?: unknown): void;
}
type PipeableRender = (element: ReactElement, options: Record<string, unknown>) => Pipeable;
type ReadableRender = (element: ReactElement, options: Record<string, unknown>) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;

/** workerd and browsers: React's own web stream. */
async function renderWeb(render: ReadableRender, element: ReactElement, wholePage: boolean, signal: AbortSignal): Promise<Rendered> {
  let failed = false;
  const stream = await render(element, {
    signal,
    onError(error: unknown) {
      failed = true;
      if (!signal.aborted) console.error(error);
    },
  });
  if (wholePage) await stream.allReady;
  return { stream, failed: () => failed };
}

/** Node: React's pipe, written into a web stream through the few methods it calls. */
function renderPiped(render: PipeableRender, element: ReactElement, wholePage: boolean, signal: AbortSignal): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => pipeable.abort(),
    });
    const sink = {
      write(chunk: Uint8Array | string) {
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
        return true;
      },
      end: () => controller.close(),
      destroy: (error?: unknown) => controller.error(error),
      on: () => sink,
    };
    const ready = () => {
      pipeable.pipe(sink);
      resolve({ stream, failed: () => failed });
    };
    const pipeable = render(element, {
      [wholePage ? "onAllReady" : "onShellReady"]: ready,
      onShellError: reject,
      onError(error: unknown) {
        failed = true;
        if (!signal.aborted) console.error(error);
      },
    });
    signal.addEventListener("abort", () => pipeable.abort(signal.reason), { once: true });
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const head = serverHead(request, responseStatusCode, remixContext);
  responseHeaders.set("Content-Type", "text/html");
  // A signed-out visitor's page another has just been sent (ADR 0045).
  const shared = sharedRender(request, responseStatusCode, remixContext, head);
  const kept = shared?.page();
  if (kept) return page(kept.html, kept.styled, responseHeaders, responseStatusCode);

  const wholePage = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const element = (
    <ServerHeadContext.Provider value={head}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </ServerHeadContext.Provider>
  );
  const signal = AbortSignal.timeout(ABORT_DELAY);
  const api = server as unknown as { renderToReadableStream?: ReadableRender; renderToPipeableStream?: PipeableRender };
  const rendered = api.renderToReadableStream
    ? await renderWeb(api.renderToReadableStream, element, wholePage, signal)
    : await renderPiped(api.renderToPipeableStream!, element, wholePage, signal);
  // Streamed as it renders, unless the page must be read whole: a first visit's page carries the
  // rules its own classes use, and a shared one is kept (it has no deferred data to wait for).
  if (!head.inlineStyles && !shared) return new Response(rendered.stream, { headers: responseHeaders, status: rendered.failed() ? 500 : responseStatusCode });
  const html = await new Response(rendered.stream).text();
  // Read whole, the page's status can say whether any part of it failed.
  const failed = rendered.failed();
  const done = head.inlineStyles ? withInlineStyles(html) : { html, styled: false };
  if (shared && !failed) shared.keep(done.html, done.styled);
  return page(done.html, done.styled, responseHeaders, failed ? 500 : responseStatusCode);
}

function page(html: string, styled: boolean, headers: Headers, status: number) {
  if (styled) stylesheetSent(headers);
  return new Response(html, { headers, status });
}
