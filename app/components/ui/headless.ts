/**
 * Headless UI, loaded when first needed (ADR 0028): a dialog when it opens, a menu or
 * popover when it is touched. Until then the server-rendered element stands in its
 * place and works on its own: a <details> menu, or a link to the page that does the
 * same (so nothing needs JavaScript, and nothing waits for this chunk to be usable).
 *
 *   const { hl, trigger, standIn, ref } = useHeadlessOnTouch();
 *   if (!hl) return <details {...standIn}><summary {...trigger}>…</summary>…</details>;
 *   return <hl.Menu>…<hl.MenuButton ref={ref}>…</hl.Menu>;
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from "react";
import { useLocation } from "@remix-run/react";
import { lazyModule, useLazyModule, type LazyModule } from "./lazy";

export type Headless = typeof import("./headless.lazy");

export const headless = lazyModule<Headless>(() => import("./headless.lazy"));
const NO_PART = lazyModule<undefined>(() => Promise.resolve(undefined));

/**
 * Headless UI for a dialog: asks for it while `open`; undefined until it arrived. If the fetch
 * fails (a dropped link), `onFail` runs, so the dialog closes instead of waiting for ever; the
 * next opening asks again.
 */
export function useHeadlessWhen(open: boolean, onFail: () => void): Headless | undefined {
  const [hl, load] = useLazyModule(headless);
  const failed = useRef(onFail);
  failed.current = onFail;
  useEffect(() => {
    if (open && !hl) load().catch(() => failed.current());
  }, [open, hl, load]);
  return hl;
}

/**
 * Headless UI for a menu or popover whose stand-in is a <details> (spread `standIn` on it)
 * or a link (spread `trigger` on it). Pointing at, focusing or touching the trigger starts
 * the fetch. A <details> opens at once, natively, and behaves like a menu (Escape, a tap
 * outside or a navigation closes it); the real one takes its place once it is closed, so
 * nothing changes under the user's finger. A link waits for the chunk and then opens the
 * real popover, or goes where it points if the fetch fails. Give `ref` to the real trigger.
 * `part`: the component's own code for its real version (a `.lazy.tsx` module), fetched with
 * Headless UI so that it leaves the first load too; `hl` comes once both have arrived.
 */
export function useHeadlessOnTouch<P = undefined>(part?: LazyModule<P>) {
  const [hl, loadHeadless] = useLazyModule(headless);
  const [own, loadOwn] = useLazyModule<P | undefined>(part ?? NO_PART);
  const load = useCallback(() => Promise.all([loadHeadless(), loadOwn()]), [loadHeadless, loadOwn]);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [standInOpen, setStandInOpen] = useState(false);
  // The real one takes over only at a moment the user chose (the stand-in closed, or the link
  // clicked), never because a pointer passed over the trigger (it would move under the click).
  const [takeOver, setTakeOver] = useState(() => headless.loaded() !== undefined && (!part || part.loaded() !== undefined));
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const prime = useCallback(() => void load().catch(() => {}), [load]);

  const close = useCallback((focusTrigger: boolean) => {
    const el = details.current;
    if (!el?.open) return;
    el.open = false;
    if (focusTrigger) el.querySelector("summary")?.focus();
  }, []);
  useEffect(() => close(false), [location.key, close]);
  useEffect(() => {
    if (!standInOpen) return;
    const outside = (e: PointerEvent) => {
      if (!details.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [standInOpen, close]);

  const standInTrigger = useRef<HTMLElement & HTMLAnchorElement>(null);
  const hadFocus = useRef(false);
  const noteFocus = () => (hadFocus.current = document.activeElement === standInTrigger.current);
  const trigger = {
    ref: standInTrigger,
    onPointerEnter: prime,
    onFocus: prime,
    onTouchStart: prime,
    onClick(event: MouseEvent<HTMLElement>) {
      const el = event.currentTarget;
      prime();
      if (!(el instanceof HTMLAnchorElement)) return; // a <summary>: the browser opens its <details>
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      noteFocus();
      load().then(
        () => {
          setTakeOver(true);
          setOpenAtOnce(true);
        },
        () => window.location.assign(el.href),
      );
    },
  };
  const standIn = {
    // The touches script closes it as this does, on an islands-only page (app/touches/menus.ts).
    "data-popup": "",
    ref: details,
    onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => {
      const open = event.currentTarget.open;
      setStandInOpen(open);
      if (!open) {
        noteFocus();
        setTakeOver(true);
      }
    },
    onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => {
      if (event.key === "Escape") close(true);
    },
  };
  const real = takeOver && !standInOpen && (!part || own) ? hl : undefined;
  // The real trigger, once it replaced the stand-in: focused when the stand-in's trigger had
  // the focus (keyboard users keep their place), and clicked when the stand-in link was.
  const ref = useRef<HTMLButtonElement>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!real || done.current) return;
    done.current = true;
    if (hadFocus.current) ref.current?.focus();
    if (openAtOnce) ref.current?.click();
  }, [real, openAtOnce]);
  return { hl: real, part: real ? own : undefined, trigger, standIn, ref };
}
