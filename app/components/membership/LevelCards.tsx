/**
 * The eight level cards (spec §2) as a horizontal list that snaps card by card: without
 * JavaScript it scrolls by hand; with it, it starts at the user's level.
 */
import { useEffect, useRef } from "react";
import type { LevelCard } from "~/services/membership";
import { cx } from "~/components/ui/cx";
import { points } from "./WealthAmount";

export function LevelCards({ cards, level }: { cards: LevelCard[]; level: number }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    const el = ul?.querySelector<HTMLElement>(`[data-level="${level}"]`);
    // The list is the cards' offset parent (relative): centre the user's card, without smooth scrolling or snapping in the way.
    if (!ul || !el) return;
    ul.style.scrollSnapType = "none";
    ul.scrollLeft = el.offsetLeft - (ul.clientWidth - el.clientWidth) / 2;
    ul.style.scrollSnapType = "";
  }, [level]);
  return (
    // Focusable so keyboard users can scroll it with the arrow keys.
    <ul ref={list} tabIndex={0} aria-label="Membership levels" className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="level-cards">
      {cards.map((c) => (
        <li key={c.level} data-level={c.level} className="w-[70%] max-w-[18rem] shrink-0 snap-center">
          <figure className={cx("overflow-hidden rounded-xl ring-2", c.level === level ? "ring-brand-600" : "ring-transparent")}>
            {c.pic ? <img src={c.pic} alt={`V${c.level}`} width={600} height={340} className="block h-auto w-full" /> : null}
            <figcaption className="bg-white px-3 py-2 text-xs text-gray-700">
              {c.level === level ? <strong className="text-brand-700">Your level · </strong> : null}
              V{c.level}: from {points(c.threshold)} points
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
