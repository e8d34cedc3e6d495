import type { Advert } from "../../../contract/entities";
import { AdvertCardType } from "../../../contract/catalog-enums";
import { StatusBadge } from "~/components/ui";
import { splitTags } from "~/services/orders/index";

/** An offer's card type as a badge, then its own tags (without the one the badge already says). */
export function OfferTags({ advert, className }: { advert: Pick<Advert, "cardType" | "tagListEn">; className?: string }) {
  const typeLabel = advert.cardType === AdvertCardType.ECode ? "E-code" : "Picture";
  const tags = splitTags(advert.tagListEn).filter((t) => t.toLowerCase() !== typeLabel.toLowerCase());
  return (
    <ul className={`flex flex-wrap gap-1 ${className ?? ""}`} aria-label="Tags">
      <li>
        <StatusBadge tone="brand">{typeLabel}</StatusBadge>
      </li>
      {tags.map((t) => (
        <li key={t}>
          <StatusBadge>{t}</StatusBadge>
        </li>
      ))}
    </ul>
  );
}
