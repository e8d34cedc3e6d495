/**
 * The Point Mall tab (docs/product/screens.md, docs/product/statuses.md, docs/product/validation.md): items with their price and what is left of the user's
 * limit. An unavailable item (showType 0) does nothing; another is a link to a confirm step on the
 * same page (?redeem=id) with the exchange form, and with JavaScript opens the same question as a
 * dialog with its detail (the point-mall island, ADR 0067). The list reloads by pulling down on a
 * touch screen, or by its Refresh link.
 */
import { Link, useFormAction } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { RedemptionItem } from "../../../contract/entities";
import { Button, ButtonLink, EmptyState } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { RefreshLink } from "~/components/ui/PullToRefresh";
import { TitledSection } from "~/components/ui/TitledSection";
import { Island } from "~/islands/Island";
import PointMallIsland from "~/islands/point-mall.island";
import { EXCHANGE_INTENT } from "~/services/forms/membership";
import { ItemDetail } from "./mall-item";

export function PointMall({ items, confirming }: { items: RedemptionItem[]; confirming: RedemptionItem | null }) {
  const hydrated = useHydrated();
  const action = useFormAction();
  const csrf = useMainLayoutData()?.csrf ?? null;

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
      {!hydrated && confirming ? (
        <section aria-labelledby="confirm-redeem-title" className="rounded-xl bg-white p-4 shadow-sm ring-2 ring-brand-500" data-testid="redeem-confirm">
          <h3 id="confirm-redeem-title" className="text-base font-semibold text-gray-900">
            Redeem {confirming.name}?
          </h3>
          <div className="mt-2">
            <ItemDetail item={confirming} />
          </div>
          <Form method="post" className="mt-4 flex gap-2">
            <input type="hidden" name="intent" value={EXCHANGE_INTENT} />
            <input type="hidden" name="id" value={confirming.id} />
            <Button type="submit">Confirm</Button>
            <ButtonLink to="?tab=mall" variant="secondary">
              Cancel
            </ButtonLink>
          </Form>
        </section>
      ) : null}
      {items.length === 0 ? <EmptyState className="rounded-xl bg-white" title="No items yet" description="Check back soon: new rewards are added every month." /> : null}
      <Island name="point-mall" component={PointMallIsland} props={{ items, action, csrf }} />
    </TitledSection>
  );
}
