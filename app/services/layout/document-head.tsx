/**
 * What the server alone decides in the document (ADR 0044; document-head.server.ts): the head's
 * inline script, and whether a first visit carries its first paint's styles inside the page.
 * entry.server passes it down in a context; in the browser the elements keep what the server
 * sent. React does not rewrite an element's dangerouslySetInnerHTML when it hydrates, so the
 * script's text (it has run by then) stays out of the page's scripts, and the inline styles are
 * read back from the page, so a later render of the layout (an error page) keeps them.
 */
import { Scripts, ScrollRestoration } from "@remix-run/react";
import { createContext, useContext } from "react";
import href from "../../tailwind.css?url";
import { ISLAND_SCRIPTS_ID, serializeProps } from "~/islands/props";

export const STYLESHEET_HREF = href;
const INLINE_ID = "first-paint-css";
/** Written by the render, replaced by the page's own rules before it is sent (entry.server). */
export const INLINE_STYLES_MARKER = "/*first-paint-css*/";
/** The element as React writes it: what the server looks for, and what it writes back. */
export const INLINE_STYLES_ELEMENT = (text: string) => `<style id="${INLINE_ID}">${text}</style>`;

export interface ServerHead {
  /** The inline script that runs before the page is parsed (hash routes, late pictures, tz). */
  script: string;
  /** This page carries its first paint's rules; the whole stylesheet is linked at its end. */
  inlineStyles: boolean;
  /** An islands-only page (islands.ts): the touches script it loads instead of the framework's. */
  touches: string | null;
  /**
   * An islands-only page's islands (handle.islands) and their scripts, the entry first
   * (scripts/build-islands.ts); the touches script loads them after the first paint.
   */
  islands?: Record<string, readonly string[]>;
}
export const ServerHeadContext = createContext<ServerHead | null>(null);

/** In the browser, read once before hydration: the rules the server put in the page, if any. */
const inlinedInPage = typeof document === "undefined" ? null : (document.getElementById(INLINE_ID)?.textContent ?? null);

export function HeadScript() {
  const head = useContext(ServerHeadContext);
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: head?.script ?? "" }} />;
}

/** In <head>: the page's own rules (a first visit) or the stylesheet's link. */
export function Stylesheet() {
  const head = useContext(ServerHeadContext);
  const inline = head ? (head.inlineStyles ? INLINE_STYLES_MARKER : null) : inlinedInPage;
  return inline === null ? <link rel="stylesheet" href={STYLESHEET_HREF} /> : <style id={INLINE_ID} dangerouslySetInnerHTML={{ __html: inline }} />;
}

/**
 * At the end of <body> on a first visit: the whole stylesheet. It holds back nothing above it.
 * The inline scripts after it (Remix's context, scroll restoration) wait for it, and the module
 * script that hydrates comes after them, so whatever the scripts show later is styled.
 */
export function LateStylesheet() {
  const head = useContext(ServerHeadContext);
  return (head ? head.inlineStyles : inlinedInPage !== null) ? <link rel="stylesheet" href={STYLESHEET_HREF} /> : null;
}

/**
 * At the very end of <body>: the framework's scripts, or on an islands-only page (ADR 0067) the
 * touches script alone. In the browser the page was hydrated, so it is always the framework's.
 */
export function PageScripts() {
  const head = useContext(ServerHeadContext);
  if (head?.touches) {
    return (
      <>
        {head.islands && Object.keys(head.islands).length ? (
          <script type="application/json" id={ISLAND_SCRIPTS_ID} dangerouslySetInnerHTML={{ __html: serializeProps(head.islands) }} />
        ) : null}
        <script type="module" src={head.touches} />
      </>
    );
  }
  return (
    <>
      <ScrollRestoration />
      <Scripts />
    </>
  );
}

/**
 * This render is an islands-only page's, on the server (ADR 0067): a component that is an island
 * there renders as one (components/auth/CodeField.tsx). In the browser a page is hydrated.
 */
export function useIslandsOnly(): boolean {
  return Boolean(useContext(ServerHeadContext)?.touches);
}
