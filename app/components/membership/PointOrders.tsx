/**
 * The Point Order tab (docs/product/screens.md, docs/product/constants.md): the user's exchanges (wealth records of type 3), 10 a page,
 * columns Date, Description, Vip Points, with a pager (previous, pages, next) and a jumper, all
 * plain links and a GET form. Under a redemption's description, how it was delivered (ADR 0052):
 * Delivered (the coins credited, the frame or badge's end, the reference of what staff sent),
 * Pending while staff send it, or Refunded with the reason (the refund is its own row).
 */
import { Link } from "@remix-run/react";
import { Form } from "~/components/ui/Form";
import type { MallDeliveryInfo, WealthRecord } from "../../../contract/entities";
import { MallOrderStatus } from "../../../contract/enums";
import { DateTime, EmptyState, buttonClasses } from "~/components/ui";
import { cx } from "~/components/ui/cx";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { formatCoinsWithName } from "~/services/money/format";
import { pagerPages } from "~/services/membership/index";
import { WealthAmount } from "./WealthAmount";

const pageHref = (page: number) => `?tab=order&page=${page}`;

function Pager({ page, pages }: { page: number; pages: number }) {
  const step = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm no-underline";
  return (
    <nav aria-label="Point Order pages" className="flex flex-wrap items-center gap-1">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={cx(step, "text-brand-700 ring-1 ring-gray-200")} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={cx(step, "text-gray-500")} aria-disabled="true">
          Previous
        </span>
      )}
      {pagerPages(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="px-1 text-gray-500" aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={p} to={pageHref(p)} aria-current={p === page ? "page" : undefined} className={cx(step, p === page ? "bg-brand-600 text-white" : "text-gray-800 ring-1 ring-gray-200")}>
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={pageHref(page + 1)} className={cx(step, "text-brand-700 ring-1 ring-gray-200")} rel="next">
          Next
        </Link>
      ) : (
        <span className={cx(step, "text-gray-500")} aria-disabled="true">
          Next
        </span>
      )}
      <Form method="get" className="ml-1 flex items-center gap-1" preventScrollReset>
        <input type="hidden" name="tab" value="order" />
        <label htmlFor="jump-page" className="text-sm text-gray-700">
          Go to
        </label>
        <input id="jump-page" name="page" type="number" inputMode="numeric" min={1} max={pages} defaultValue={page} className="h-10 w-16 rounded-lg border border-gray-300 px-2 text-sm" />
        <button type="submit" className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Go
        </button>
      </Form>
    </nav>
  );
}

/** How one redemption was delivered; `now` is the loader's, so the server's page and the browser's agree. */
function Delivery({ d, now }: { d: MallDeliveryInfo; now: number }) {
  const { coinName } = useMainLayoutData();
  const line = "mt-0.5 text-xs text-gray-700";
  if (d.status === MallOrderStatus.Refunded)
    return (
      <p className={line} data-testid="delivery" data-status="refunded">
        <strong className="font-semibold text-money-out-700">Refunded:</strong> {d.reason}
      </p>
    );
  if (d.status === MallOrderStatus.Pending)
    return (
      <p className={line} data-testid="delivery" data-status="pending">
        <strong className="font-semibold text-wait-800">Pending</strong> · being sent to your mobile number
      </p>
    );
  const ended = d.activeUntil !== null && d.activeUntil <= now;
  return (
    <p className={line} data-testid="delivery" data-status="delivered">
      <strong className="font-semibold text-money-in-700">Delivered</strong>
      {d.reference ? <> · Reference {d.reference}</> : null}
      {d.coins !== null ? <> · {formatCoinsWithName(d.coins, coinName)} credited</> : null}
      {d.activeUntil !== null ? (
        <>
          {" "}
          · {ended ? "Ended" : "Active until"} <DateTime ms={d.activeUntil} as="day" />
        </>
      ) : null}
    </p>
  );
}

export function PointOrders({ list, total, page, pageSize, now }: { list: WealthRecord[]; total: number; page: number; pageSize: number; now: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section aria-labelledby="point-order-title" className="flex flex-col gap-3">
      <h2 id="point-order-title" className="text-base font-semibold text-gray-900">
        Point Order
      </h2>
      {list.length === 0 ? (
        <EmptyState className="rounded-xl bg-white" title="No point orders yet" description="Redeem an item in the Point Mall: it shows up here." />
      ) : (
        <table className="w-full overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-gray-200" data-testid="point-orders">
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Date</th>
              <th scope="col" className="px-3 py-2 font-medium">Description</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Vip Points</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} className="border-t border-gray-100">
                <td className="px-3 py-2 text-gray-700">
                  <DateTime ms={r.tradeTime} />
                </td>
                <td className="px-3 py-2 text-gray-900">
                  {r.descriptionEn}
                  {r.delivery ? <Delivery d={r.delivery} now={now} /> : null}
                </td>
                <td className="px-3 py-2 text-right">
                  <WealthAmount value={r.transAmount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > pageSize || page > 1 ? <Pager page={page} pages={pages} /> : null}
    </section>
  );
}
