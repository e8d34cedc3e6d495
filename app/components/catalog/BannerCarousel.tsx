/**
 * A banner carousel on CSS scroll-snap: it swipes and scrolls without
 * JavaScript (dots are links to each slide); once hydrated it gets prev/next
 * buttons, dot buttons and an auto-advance every 5 s that pauses while the
 * pointer or focus is inside and when the user asks for reduced motion. On an
 * islands-only page the touches script does the same to the server's markup
 * (app/touches/carousel.ts, ADR 0067): the buttons are drawn for it, shown
 * under the `js` class, and `data-carousel` names the carousel.
 *
 * Every banner goes through /banner/{id}, which records the click and
 * redirects; external banners (type 1 and 3) open the web view, and say
 * that they lead to another site, and which (ShownBanner.leaves).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { readKept, writeKept } from "~/components/ui/kept-store";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Banner } from "../../../contract/entities";
import { cx } from "~/components/ui/cx";
import { CarouselButton, wrapIndex } from "~/components/ui/Carousel";
import { AUTO_ADVANCE_MS, DOT_CLASSES, keptSlideName } from "~/components/ui/carousel-index";
import { latePicture } from "~/services/layout/late-pictures";
import { ExternalIcon } from "~/components/ui/Icon";

/** A banner as a page shows it: with the site it leads to (web-view.ts bannerLeavesTo), null when it stays on ours. */
export type ShownBanner = Banner & { leaves: string | null };

export interface BannerCarouselProps {
  banners: readonly ShownBanner[];
  /** Intrinsic size of the pictures (all banners of one location share it). */
  width: number;
  height: number;
  /** Unique per page: prefixes the slide ids. */
  id: string;
  /** Accessible name ("Promotions"). */
  label: string;
  className?: string;
  /**
   * Whether the first picture loads at once (default). A carousel hidden on phones passes false:
   * a lazy picture inside display:none is never fetched, and an eager one always is.
   */
  eager?: boolean;
}

/**
 * Every banner link goes through /banner/{id} (the click is recorded); external ones end in the web
 * view. Named by the banner's name (a later slide's picture is display:none until it may load, ADR
 * 0043), and one that leaves says where.
 */
export function bannerLinkProps(b: ShownBanner) {
  // The name holds the note's visible words ("Opens …"), as a name must (WCAG 2.5.3).
  return { href: `/banner/${b.id}`, "aria-label": b.leaves ? `${b.nameEn}. Opens ${b.leaves}` : b.nameEn };
}

/** On a banner that leads to another site (inside its link, which is `relative`): which one. */
export function LeavesNote({ to }: { to: string | null }) {
  return to ? (
    <span className="absolute bottom-2 right-2 inline-flex max-w-[90%] items-center gap-1 rounded-full bg-gray-900/80 px-2 py-0.5 text-xs font-medium text-white">
      <ExternalIcon className="h-3 w-3 shrink-0" />
      Opens {to}
    </span>
  ) : null;
}

export function BannerCarousel({ banners, width, height, id, label, className, eager = true }: BannerCarouselProps) {
  const hydrated = useHydrated();
  const scroller = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const keptName = keptSlideName(id);

  const goTo = useCallback(
    (i: number) => {
      const el = scroller.current;
      if (!el || count === 0) return;
      el.scrollTo({ left: wrapIndex(i, count) * el.clientWidth, behavior: "smooth" });
    },
    [count],
  );

  // Kept alive (docs/product/screens.md): the slide that was showing when /home was left.
  useEffect(() => {
    const el = scroller.current;
    const kept = readKept<number>(keptName);
    if (el && kept && kept < count) el.scrollTo({ left: kept * el.clientWidth, behavior: "instant" });
  }, [count, keptName]);
  useEffect(() => {
    if (hydrated) writeKept(keptName, index);
  }, [hydrated, index, keptName]);

  // Which slide is showing, from the scroll position.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
      });
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  // Auto-advance, only with JavaScript, only when visible and not paused.
  useEffect(() => {
    if (!hydrated || paused || count < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => {
      const el = scroller.current;
      if (!el || el.offsetParent === null || document.hidden) return;
      goTo(index + 1);
    }, AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [hydrated, paused, count, index, goTo]);

  if (count === 0) return null;

  // Drawn by the server too, for the touches script; without JavaScript they do nothing, so hidden.
  const navButton = "absolute top-1/2 z-10 hidden -translate-y-1/2 sm:js:inline-flex";

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      data-carousel={id}
      className={cx("relative", className)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={scroller}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl bg-gray-200 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {banners.map((b, i) => (
          <li
            key={b.id}
            id={`${id}-${i + 1}`}
            className="relative w-full shrink-0 snap-start snap-always scroll-mt-24"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            {/* Inside the scroller a ring drawn outside the banner would be clipped: it is drawn inside. */}
            <a
              {...bannerLinkProps(b)}
              className="relative block focus-visible:-outline-offset-4"
              tabIndex={hydrated && i !== index ? -1 : undefined}
            >
              <img
                src={b.pic}
                alt={b.nameEn}
                width={width}
                height={height}
                // Banners after the first are off screen: they wait for the page's scripts (ADR 0043).
                {...(i === 0 ? { loading: eager ? "eager" : "lazy" } : latePicture)}
                className="block h-auto w-full"
                style={{ aspectRatio: `${width} / ${height}` }}
              />
              <LeavesNote to={b.leaves} />
            </a>
          </li>
        ))}
      </ul>

      {count > 1 ? (
        <>
          <CarouselButton dir={-1} label="Previous banner" onClick={() => goTo(index - 1)} className={cx(navButton, "left-3")} />
          <CarouselButton dir={1} label="Next banner" onClick={() => goTo(index + 1)} className={cx(navButton, "right-3")} />
          <ol className="mt-2 flex justify-center gap-1" aria-label="Choose a banner">
            {banners.map((b, i) => {
              const dot = cx(
                "block h-2 rounded-full transition-all",
                hydrated && i === index ? DOT_CLASSES.current : DOT_CLASSES.other,
              );
              return (
                <li key={b.id}>
                  {hydrated ? (
                    <button
                      type="button"
                      onClick={() => goTo(i)}
                      aria-current={i === index ? "true" : undefined}
                      className="flex h-6 w-6 items-center justify-center"
                    >
                      <span className={dot} />
                      <span className="sr-only">Banner {i + 1}</span>
                    </button>
                  ) : (
                    <a href={`#${id}-${i + 1}`} className="flex h-6 w-6 items-center justify-center">
                      <span className={dot} />
                      <span className="sr-only">Banner {i + 1}</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </section>
  );
}
