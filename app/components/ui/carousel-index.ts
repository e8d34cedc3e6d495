/**
 * Carousel arithmetic without React, shared by the carousels (Carousel.tsx) and the touches
 * script of islands-only pages (app/touches/carousel.ts, ADR 0067).
 */

/** `i` brought into 0..count-1, so that one after the last is the first and one before the first the last. */
export const wrapIndex = (i: number, count: number) => (count > 0 ? ((i % count) + count) % count : 0);

/** How long a banner shows before the next, with JavaScript. */
export const AUTO_ADVANCE_MS = 5_000;

/** The kept-alive entry (kept-store.ts) of a carousel's current slide. */
export const keptSlideName = (carouselId: string) => `carousel:${carouselId}:banner`;

/** A banner carousel's dot: the current slide's, and the others'. */
export const DOT_CLASSES = { current: "w-6 bg-brand-600", other: "w-2 bg-gray-400" } as const;
