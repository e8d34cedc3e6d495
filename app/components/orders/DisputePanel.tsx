/**
 * The dispute panel of /orderDetails (docs/product/statuses.md): the dispute type, an
 * explanation that follows it and agrees with the figures, the merchant's own
 * words, and a line that follows the status (the call to action in negotiation,
 * "under way" in arbitration, the outcome once finished). The buttons are the
 * actions the backend allows now (docs/product/statuses.md: Accept in 2 and 3, arbitration in 2).
 */
import type { Order } from "../../../contract/entities";
import { ArbitrationType, OrderAction, OrderStatus } from "../../../contract/enums";
import { faceUnits } from "~/services/money/offers";
import { cx } from "~/components/ui/cx";
import { ConfirmAction } from "~/components/orders/ConfirmAction";
import { DetailRow, StatusBadge } from "~/components/ui";
import { formatCoinsWithName, formatNgn } from "~/services/money/format";
import { disputeTexts, disputeTypeLabel, type OrderSide } from "~/services/orders/index";

const statusTone: Partial<Record<number, string>> = {
  [OrderStatus.Completed]: "bg-money-in-50 text-money-in-800",
  [OrderStatus.Cancelled]: "bg-money-out-50 text-money-out-800",
};

export function DisputePanel({
  order: o,
  coinName,
  ngnRate,
  asking,
  error,
  actions,
  intents,
  side = "seller",
}: {
  order: Order;
  coinName: string;
  ngnRate: number;
  asking: string | null;
  error: string | null;
  /** What the backend says the seller may do now (getOrderDetails.actions). */
  actions: readonly string[];
  intents: { accept: string; arbitration: string };
  /** Who reads it (the merchant's desk shows the same panel, read-only). */
  side?: OrderSide;
}) {
  const disputed = o.arbitrationType !== null;
  const cancels = o.arbitrationType === ArbitrationType.CancelNegotiation;
  const coins = (v: number) => formatCoinsWithName(v, coinName);
  const { explanation, faceFound, status } = disputeTexts(o, { face: (v) => `${faceUnits(v)} ${o.tradeCurrency}`, coins }, side);
  const price = o.arbitrationApplyPrice ?? o.calculateTotalPrice;
  return (
    <section
      aria-labelledby="dispute-title"
      className={cx("rounded-xl bg-white p-4 shadow-sm ring-1", disputed ? "ring-wait-200" : "ring-gray-200")}
      data-testid="dispute-panel"
      data-status={o.status}
    >
      <h2 id="dispute-title" className="text-base font-semibold text-gray-900">
        {disputed ? "Dispute" : "Your decision"}
      </h2>
      {disputed ? (
        <>
          <p className="mt-1">
            <StatusBadge tone="wait">{disputeTypeLabel(o.arbitrationType)}</StatusBadge>
          </p>
          <p className="mt-2 text-sm text-gray-900" data-testid="dispute-explanation">
            {explanation}
          </p>
          <dl className="mt-2 divide-y divide-gray-100">
            <DetailRow label={side === "seller" ? "Card face you entered" : "Card face the seller entered"}>
              {faceUnits(o.tradeAmount)} {o.tradeCurrency}
            </DetailRow>
            {faceFound !== null ? (
              <DetailRow label="Card face found">
                <span data-testid="dispute-face-found">
                  {faceUnits(faceFound)} {o.tradeCurrency}
                </span>
              </DetailRow>
            ) : null}
            {cancels ? null : (
              <>
                <DetailRow label="Order price">{coins(o.calculateTotalPrice)}</DetailRow>
                <DetailRow label="Price proposed">
                  <span className="block font-semibold text-money-in-700" data-testid="dispute-price">
                    {coins(price)}
                  </span>
                  <span className="block text-xs font-normal text-gray-600">≈ {formatNgn(price, ngnRate)}</span>
                </DetailRow>
              </>
            )}
          </dl>
          {o.arbitrationContent ? (
            <figure className="mt-2 rounded-lg bg-wait-50 p-3">
              <figcaption className="text-xs font-medium text-gray-700">{side === "seller" ? "The merchant wrote" : "You wrote"}</figcaption>
              <blockquote className="mt-1 whitespace-pre-line wrap-anywhere text-sm text-gray-800" data-testid="dispute-content">
                {o.arbitrationContent}
              </blockquote>
            </figure>
          ) : null}
        </>
      ) : null}
      {status ? (
        <p
          className={cx("mt-3 rounded-lg px-3 py-2 text-sm font-medium", statusTone[o.status] ?? "bg-gray-50 text-gray-900")}
          data-testid="dispute-status"
        >
          {status}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-money-out-700">
          {error}
        </p>
      ) : null}
      {actions.includes(OrderAction.Accept) ? (
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <ConfirmAction
            intent={intents.accept}
            label="Accept"
            title={cancels ? "Accept and cancel this order?" : "Accept and complete this order?"}
            description={
              cancels
                ? "The order will be cancelled. This cannot be undone."
                : `The order completes and you receive ${coins(price)}. This cannot be undone.`
            }
            tone={cancels ? "danger" : "primary"}
            asking={asking === intents.accept}
          />
          {actions.includes(OrderAction.Arbitrate) ? (
            <ConfirmAction
              intent={intents.arbitration}
              label="Apply for arbitration"
              title="Apply for arbitration?"
              description="An administrator will review the card and decide what is paid. This can take a while."
              variant="secondary"
              asking={asking === intents.arbitration}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
