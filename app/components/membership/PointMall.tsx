/**
 * The Point Mall tab (docs/product/screens.md, docs/product/statuses.md, docs/product/validation.md): items with their price and what is left of the user's
 * limit. An unavailable item (showType 0) does nothing; another opens a confirm dialog with its
 * detail whose Confirm posts wealthExchange. Without JavaScript the item is a link to a confirm
 * step on the same page (?redeem=id) with the same form. The list reloads by pulling down on a
 * touch screen, or by its Refresh link.
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { RedemptionItem } from "../../../contract/entities";
import { RestrictType, ShowType, restrictTypeLabels } from "../../../contract/enums";
import { Button, ButtonLink, ConfirmDialog, EmptyState } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";
import { cx } from "~/components/ui/cx";
import { PullToRefresh, RefreshLink } from "~/components/ui/PullToRefresh";
import { TitledSection } from "~/components/ui/TitledSection";
import { EXCHANGE_INTENT } from "~/services/forms/membership";
import { points } from "./WealthAmount";

const FORM_ID = "exchange-form";
const isLimited = (i: RedemptionItem) => i.restrictType === RestrictType.Monthly || i.restrictType === RestrictType.Overall;

function ItemDetail({ item }: { item: RedemptionItem }) {
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

function ItemCard({ item, onOpen }: { item: RedemptionItem; onOpen: (item: RedemptionItem) => void }) {
  const hydrated = useHydrated();
  const available = item.showType !== ShowType.Unavailable;
  const body = (
    <>
      <img src={item.pic} alt="" width={240} height={240} loading="lazy" className={cx("aspect-square h-auto w-full rounded-lg object-cover", !available && "opacity-50")} />
      <span className="mt-2 block text-sm font-semibold text-gray-900">{item.name}</span>
      <span className="block text-sm tabular-nums text-brand-700">{points(item.wealthAmount)} points</span>
      {!available ? <span className="block text-xs font-medium text-gray-600">Unavailable</span> : isLimited(item) ? <span className="block text-xs text-gray-600">{item.remainNum} left</span> : null}
    </>
  );
  const box = "block h-full rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 no-underline";
  if (!available)
    return (
      <div className={box} aria-disabled="true" data-testid="mall-item" data-item-id={item.id}>
        {body}
      </div>
    );
  return (
    <Link
      to={`?tab=mall&redeem=${item.id}`}
      preventScrollReset
      className={cx(box, "transition hover:ring-brand-400")}
      data-testid="mall-item"
      data-item-id={item.id}
      onClick={(e) => {
        if (hydrated) {
          e.preventDefault();
          onOpen(item);
        }
      }}
    >
      {body}
    </Link>
  );
}

export function PointMall({ items, confirming }: { items: RedemptionItem[]; confirming: RedemptionItem | null }) {
  const hydrated = useHydrated();
  // The picked item outlives the dialog: Confirm closes it while the form it submits still needs the id.
  const [picked, setPicked] = useState<RedemptionItem | null>(null);
  const [open, setOpen] = useState(false);
  const chosen = picked ?? confirming;
  const busy = usePosting(EXCHANGE_INTENT);

  return (
    <TitledSection
      id="mall"
      title="Point Mall"
      aside={
        <div className="flex items-center gap-4">
          <RefreshLink to="?tab=mall" />
          <Link to="/memberShipCenter/wealthRecord" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Vip Records
          </Link>
        </div>
      }
    >
      <PullToRefresh />
      <Form method="post" id={FORM_ID}>
        <input type="hidden" name="intent" value={EXCHANGE_INTENT} />
        <input type="hidden" name="id" value={chosen?.id ?? ""} />
      </Form>
      {!hydrated && confirming ? (
        <section aria-labelledby="confirm-redeem-title" className="rounded-xl bg-white p-4 shadow-sm ring-2 ring-brand-500" data-testid="redeem-confirm">
          <h3 id="confirm-redeem-title" className="text-base font-semibold text-gray-900">
            Redeem {confirming.name}?
          </h3>
          <div className="mt-2">
            <ItemDetail item={confirming} />
          </div>
          <div className="mt-4 flex gap-2">
            <Button type="submit" form={FORM_ID}>
              Confirm
            </Button>
            <ButtonLink to="?tab=mall" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </section>
      ) : null}
      {items.length === 0 ? (
        <EmptyState className="rounded-xl bg-white" title="No items yet" description="Check back soon: new rewards are added every month." />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Point Mall items">
          {items.map((item) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                onOpen={(i) => {
                  setPicked(i);
                  setOpen(true);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={hydrated && open && picked !== null}
        onClose={() => setOpen(false)}
        title={picked ? `Redeem ${picked.name}?` : ""}
        form={FORM_ID}
        busy={busy}
      >
        {picked ? <ItemDetail item={picked} /> : null}
      </ConfirmDialog>
    </TitledSection>
  );
}
