/**
 * Islands (ADR 0067): the wrappers `<Island>` drew (app/islands/Island.tsx) are hydrated, each
 * alone, after the first paint: once the page has loaded, when the browser is idle (or after
 * IDLE_TIMEOUT_MS). Each island's scripts (its entry, then the chunks it imports, React among
 * them) are asked for together, so a slow line waits one round trip, not three; an entry is
 * imported once for however many wrappers it hydrates. No island on the page (or none listed by
 * its route, app/services/layout/islands.ts): nothing is fetched, no React. An island that fails
 * to load leaves its server markup, which works without JavaScript.
 *
 * Resolves once every island has hydrated or failed, so the ready mark comes after them.
 */
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, ISLAND_SCRIPTS_ID } from "../islands/props";

/** The longest an island waits for an idle moment after the page has loaded. */
export const IDLE_TIMEOUT_MS = 1_500;

type IslandEntry = { default: (root: Element, props: object) => Promise<void> };

function afterFirstPaint(win: Window): Promise<void> {
  const loaded =
    win.document.readyState === "complete" ? Promise.resolve() : new Promise<void>((resolve) => win.addEventListener("load", () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ("requestIdleCallback" in win) win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 1);
      }),
  );
}

function propsOf(root: Element): object {
  const next = root.nextElementSibling;
  return next?.getAttribute(ISLAND_PROPS_ATTR) === root.getAttribute(ISLAND_ATTR) ? (JSON.parse(next!.textContent || "{}") as object) : {};
}

function preload(doc: Document, urls: readonly string[]) {
  for (const href of urls) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    doc.head.append(link);
  }
}

export async function islands(doc: Document): Promise<void> {
  const listed = doc.getElementById(ISLAND_SCRIPTS_ID);
  if (!listed) return;
  const scripts = JSON.parse(listed.textContent || "{}") as Record<string, readonly string[]>;
  const roots = [...doc.querySelectorAll(`[${ISLAND_ATTR}]`)].filter((el) => scripts[el.getAttribute(ISLAND_ATTR)!]?.length);
  if (!roots.length) return;
  await afterFirstPaint(doc.defaultView!);
  const names = [...new Set(roots.map((el) => el.getAttribute(ISLAND_ATTR)!))];
  for (const name of names) preload(doc, scripts[name]!);
  await Promise.all(
    names.map(async (name) => {
      try {
        const entry = (await import(/* @vite-ignore */ scripts[name]![0]!)) as IslandEntry;
        await Promise.all(roots.filter((root) => root.getAttribute(ISLAND_ATTR) === name).map((root) => entry.default(root, propsOf(root))));
      } catch (error) {
        // The server's markup stays, and works as without JavaScript.
        console.warn("[islands]", name, error);
      }
    }),
  );
}
