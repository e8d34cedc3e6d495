/**
 * The level cards as a looping coverflow (docs/product/screens.md: three showing, starting at the user's level):
 * the current card in front, its two neighbours smaller and dimmed behind it, the rest hidden.
 * After V7 comes V0 and back. It moves by swipe, by the Previous/Next buttons, by the arrow keys
 * while it has focus, and by a tap on a neighbour; the current card is announced politely.
 * CSS transforms only; the movement is animated unless the user asks for reduced motion.
 */
import { useState } from "react";
import type { LevelCard } from "~/services/membership/index";
import { CarouselButton, arrowKeys, loopOffset, useSwipe, wrapIndex } from "~/components/ui/Carousel";
import { cx } from "~/components/ui/cx";
import { LevelFigure } from "./LevelFigure";

/** How far a neighbour sits from the centre (in its own widths), how small and how turned it is drawn. */
const SPREAD = 0.72;
const SIDE_SCALE = 0.82;
const SIDE_TURN_DEG = 28;

export function LevelCoverflow({ cards, level }: { cards: LevelCard[]; level: number }) {
  const count = cards.length;
  const [index, setIndex] = useState(() => Math.max(0, cards.findIndex((c) => c.level === level)));
  const step = (dir: -1 | 1) => setIndex((i) => wrapIndex(i + dir, count));
  const swipe = useSwipe(step);
  const current = cards[index];
  const dragging = swipe.dx !== 0;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Membership levels"
      tabIndex={0}
      onKeyDown={arrowKeys(step)}
      className="-mx-4 rounded-xl focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      data-testid="level-cards"
      data-coverflow=""
    >
      <div {...swipe.handlers} className="grid touch-pan-y select-none justify-items-center overflow-hidden py-3 [perspective:1200px]">
        {cards.map((c, i) => {
          const d = loopOffset(i, index, count);
          const near = Math.abs(d) <= 1;
          const side = Math.max(-2, Math.min(2, d));
          return (
            <div
              key={c.level}
              role="group"
              aria-roledescription="slide"
              aria-label={`V${c.level}, ${i + 1} of ${count}`}
              aria-hidden={d !== 0 ? true : undefined}
              data-level={c.level}
              data-offset={d}
              onClick={() => {
                if (!swipe.dragged() && (d === -1 || d === 1)) step(d);
              }}
              className={cx("w-[62%] max-w-[18rem] [grid-area:1/1]", !dragging && "motion-safe:transition-[transform,opacity,filter] motion-safe:duration-300 motion-safe:ease-out", d !== 0 && near && "cursor-pointer")}
              style={{
                // Cards two or more steps away wait hidden just outside the neighbours, so the loop slides in from the side.
                transform: `translateX(calc(${side * SPREAD * 100}% + ${swipe.dx}px)) rotateY(${-Math.sign(side) * SIDE_TURN_DEG}deg) scale(${d === 0 ? 1 : SIDE_SCALE})`,
                zIndex: 10 - Math.abs(d),
                opacity: near ? 1 : 0,
                filter: d === 0 ? undefined : "brightness(0.8) saturate(0.7)",
                pointerEvents: near ? undefined : "none",
              }}
            >
              <LevelFigure card={c} mine={c.level === level} />
            </div>
          );
        })}
      </div>
      <div className="flex items-center justify-center gap-4">
        <CarouselButton dir={-1} label="Previous level" onClick={() => step(-1)} className="inline-flex" />
        <p aria-live="polite" aria-atomic="true" className="min-w-[7rem] text-center text-sm font-medium text-gray-800" data-testid="level-current">
          V{current.level} <span className="text-gray-600">· {index + 1} of {count}</span>
        </p>
        <CarouselButton dir={1} label="Next level" onClick={() => step(1)} className="inline-flex" />
      </div>
    </section>
  );
}
