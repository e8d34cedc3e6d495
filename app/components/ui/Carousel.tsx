/**
 * Pieces the carousels share (the home banners, the membership level coverflow): looping index
 * arithmetic, the Previous/Next buttons, arrow keys and a horizontal swipe on pointer events.
 *
 *   const swipe = useSwipe((dir) => step(dir));
 *   <section aria-roledescription="carousel" onKeyDown={arrowKeys(step)} tabIndex={0}>
 *     <div {...swipe.handlers} style={{ touchAction: "pan-y" }}>…</div>
 *     <CarouselButton dir={-1} label="Previous level" onClick={() => step(-1)} />
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { cx } from "./cx";
import { ChevronLeftIcon, ChevronRightIcon } from "./Icon";
import { wrapIndex } from "./carousel-index";

export { wrapIndex };

/**
 * How many steps slide `i` sits from `current` the short way round the loop (negative: to the
 * left). With 8 slides and current 0, slide 7 is -1 and slide 1 is +1.
 */
export function loopOffset(i: number, current: number, count: number): number {
  const d = wrapIndex(i - current, count);
  return d > count / 2 ? d - count : d;
}

/** ArrowLeft/ArrowRight step the carousel; other keys go on. */
export function arrowKeys(step: (dir: -1 | 1) => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    step(e.key === "ArrowLeft" ? -1 : 1);
  };
}

/**
 * A round Previous (-1) or Next (1) button: the icon shows, the label is for screen readers.
 * `className` places it and sets its display ("inline-flex", "hidden sm:inline-flex").
 */
export function CarouselButton({ dir, label, onClick, className }: { dir: -1 | 1; label: string; onClick: () => void; className?: string }) {
  const Chevron = dir < 0 ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      // The touches script steps a carousel of an islands-only page by it (app/touches/carousel.ts).
      data-dir={dir}
      className={cx("h-10 w-10 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow-md ring-1 ring-gray-200 hover:bg-white", className)}
    >
      <Chevron className="h-5 w-5" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** Past this many pixels (or a fifth of the element) a drag counts as a swipe. */
export const SWIPE_MIN_PX = 40;

/**
 * A horizontal swipe by touch, pen or mouse drag. `dx` is the drag so far (to move the slides
 * with the finger); on release past the threshold `onSwipe` gets -1 (dragged right: previous) or
 * 1. `dragged()` tells a click that ends a drag from a real click. Vertical scrolling stays the
 * browser's: give the element touch-action: pan-y.
 */
export function useSwipe(onSwipe: (dir: -1 | 1) => void) {
  const start = useRef<{ x: number; id: number; width: number } | null>(null);
  const moved = useRef(false);
  const [dx, setDx] = useState(0);
  const end = (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    start.current = null;
    setDx(0);
    const d = e.clientX - s.x;
    if (!cancelled && Math.abs(d) >= Math.min(SWIPE_MIN_PX, s.width / 5)) onSwipe(d > 0 ? -1 : 1);
  };
  return {
    dx,
    dragged: () => moved.current,
    handlers: {
      onPointerDown(e: PointerEvent<HTMLElement>) {
        if (!e.isPrimary || e.button !== 0) return;
        start.current = { x: e.clientX, id: e.pointerId, width: e.currentTarget.clientWidth };
        moved.current = false;
      },
      onPointerMove(e: PointerEvent<HTMLElement>) {
        const s = start.current;
        if (!s || s.id !== e.pointerId) return;
        const d = e.clientX - s.x;
        // Captured only once it is a drag, so a plain click still reaches the slide under it.
        if (!moved.current && Math.abs(d) > 5) {
          moved.current = true;
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }
        if (moved.current) setDx(d);
      },
      onPointerUp: (e: PointerEvent<HTMLElement>) => end(e, false),
      onPointerCancel: (e: PointerEvent<HTMLElement>) => end(e, true),
    },
  };
}
