/**
 * The eight level cards (docs/product/screens.md). Without JavaScript a horizontal list that snaps card by card
 * and scrolls by hand; once hydrated it becomes the looping coverflow that starts at the user's
 * level (LevelCoverflow). Plain React: the page draws it as the level-cards island (ADR 0067).
 */
import { useHydrated } from "remix-utils/use-hydrated";
import type { LevelCard } from "~/services/membership/index";
import { LevelCoverflow } from "./LevelCoverflow";
import { LevelFigure } from "./LevelFigure";

export function LevelCards({ cards, level }: { cards: LevelCard[]; level: number }) {
  const hydrated = useHydrated();
  if (hydrated && cards.length > 1) return <LevelCoverflow cards={cards} level={level} />;
  return (
    // Focusable so keyboard users can scroll it with the arrow keys.
    <ul tabIndex={0} aria-label="Membership levels" className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 pt-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="level-cards">
      {cards.map((c) => (
        <li key={c.level} data-level={c.level} className="w-[70%] max-w-[18rem] shrink-0 snap-center">
          <LevelFigure card={c} mine={c.level === level} />
        </li>
      ))}
    </ul>
  );
}
