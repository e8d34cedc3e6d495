/**
 * A Point Mall item as the list draws it and its detail as the redeem question shows it: plain
 * React, shared by the page's no-JavaScript confirm step (PointMall.tsx) and the point-mall island.
 */
import type { RedemptionItem } from "../../../contract/entities";
import { RestrictType, ShowType, restrictTypeLabels } from "../../../contract/enums";
import { cx } from "~/components/ui/cx";
import { points } from "./WealthAmount";

const isLimited = (i: RedemptionItem) => i.restrictType === RestrictType.Monthly || i.restrictType === RestrictType.Overall;
export const isAvailable = (i: RedemptionItem) => i.showType !== ShowType.Unavailable;
/** The page's own confirm step without JavaScript: the same address on a hydrated page's link. */
export const redeemHref = (i: RedemptionItem) => `?tab=mall&redeem=${i.id}`;
export const MALL_ITEM_BOX = "block h-full rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 no-underline";

export function ItemDetail({ item }: { item: RedemptionItem }) {
  return (
    <div className="space-y-1 text-sm text-gray-700">
      <p>{item.explainInfo}</p>
      <p>
        Price: <strong className="tabular-nums">{points(item.wealthAmount)} points</strong>
      </p>
      {isLimited(item) ? (
        <p>
          {restrictTypeLabels[item.restrictType as 1 | 2]} limit: {item.remainNum} of {item.limitNum} left
        </p>
      ) : null}
    </div>
  );
}

export function ItemBody({ item }: { item: RedemptionItem }) {
  const available = isAvailable(item);
  return (
    <>
      <img src={item.pic} alt="" width={240} height={240} loading="lazy" className={cx("aspect-square h-auto w-full rounded-lg object-cover", !available && "opacity-50")} />
      <span className="mt-2 block text-sm font-semibold text-gray-900">{item.name}</span>
      <span className="block text-sm tabular-nums text-brand-700">{points(item.wealthAmount)} points</span>
      {!available ? <span className="block text-xs font-medium text-gray-600">Unavailable</span> : isLimited(item) ? <span className="block text-xs text-gray-600">{item.remainNum} left</span> : null}
    </>
  );
}
