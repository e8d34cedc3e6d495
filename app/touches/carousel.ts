/**
 * A banner carousel (catalog/BannerCarousel.tsx) on an islands-only page, as the hydrated one
 * behaves: Previous and Next (drawn by the server for this), the dots become buttons that scroll
 * the row alone, the current dot stands out, only the current banner is in the tab order, the row
 * moves on every AUTO_ADVANCE_MS while nobody points at it or reads it, and the slide showing is
 * kept for the visit (kept-store.ts, the record the hydrated version reads).
 */
import { AUTO_ADVANCE_MS, DOT_CLASSES, keptSlideName, wrapIndex } from "~/components/ui/carousel-index";
import { readKept, writeKept } from "~/components/ui/kept-store";

function carousel(section: HTMLElement) {
  const id = section.getAttribute("data-carousel")!;
  const row = section.querySelector("ul");
  const slides = row ? [...row.children] : [];
  const count = slides.length;
  if (!row || count < 2) return;
  let index = 0;
  let paused = false;

  const goTo = (i: number) => row.scrollTo({ left: wrapIndex(i, count) * row.clientWidth, behavior: "smooth" });
  const dots = [...section.querySelectorAll<HTMLAnchorElement>("ol a")].map((link, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.append(...link.childNodes);
    button.addEventListener("click", () => goTo(i));
    link.replaceWith(button);
    return button;
  });
  for (const button of section.querySelectorAll<HTMLButtonElement>("button[data-dir]")) {
    button.addEventListener("click", () => goTo(index + Number(button.dataset.dir)));
  }

  const show = (i: number) => {
    index = i;
    dots.forEach((dot, d) => {
      const on = d === i;
      if (on) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
      const mark = dot.firstElementChild;
      mark?.classList.remove(...DOT_CLASSES.current.split(" "), ...DOT_CLASSES.other.split(" "));
      mark?.classList.add(...(on ? DOT_CLASSES.current : DOT_CLASSES.other).split(" "));
    });
    slides.forEach((slide, s) => {
      const link = slide.querySelector("a");
      if (s === i) link?.removeAttribute("tabindex");
      else link?.setAttribute("tabindex", "-1");
    });
  };
  show(0);

  const kept = readKept<number>(keptSlideName(id));
  if (kept && kept < count) row.scrollTo({ left: kept * row.clientWidth, behavior: "instant" });
  let frame = 0;
  row.addEventListener(
    "scroll",
    () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (row.clientWidth === 0) return;
        show(Math.round(row.scrollLeft / row.clientWidth));
        writeKept(keptSlideName(id), index);
      });
    },
    { passive: true },
  );

  const pause = (on: boolean) => () => (paused = on);
  section.addEventListener("mouseenter", pause(true));
  section.addEventListener("mouseleave", pause(false));
  section.addEventListener("focusin", pause(true));
  section.addEventListener("focusout", pause(false));
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  setInterval(() => {
    if (!paused && !document.hidden && row.offsetParent !== null) goTo(index + 1);
  }, AUTO_ADVANCE_MS);
}

export function carousels(doc: Document) {
  for (const section of doc.querySelectorAll<HTMLElement>("section[data-carousel]")) carousel(section);
}
