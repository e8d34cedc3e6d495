/** A level card (docs/product/screens.md): its picture from the wealth config and the points it needs. */
import type { LevelCard } from "~/services/membership/index";
import { cx } from "~/components/ui/cx";
import { points } from "./WealthAmount";

/** One card: its picture and the points it needs; the user's own is marked. */
export function LevelFigure({ card, mine }: { card: LevelCard; mine: boolean }) {
  return (
    <figure className={cx("overflow-hidden rounded-xl bg-white shadow-sm ring-2", mine ? "ring-brand-600" : "ring-transparent")}>
      {card.pic ? <img src={card.pic} alt={`V${card.level}`} width={600} height={340} draggable={false} className="block h-auto w-full" /> : null}
      <figcaption className="px-3 py-2 text-xs text-gray-700">
        {mine ? <strong className="text-brand-700">Your level · </strong> : null}
        V{card.level}: from {points(card.threshold)} points
      </figcaption>
    </figure>
  );
}
