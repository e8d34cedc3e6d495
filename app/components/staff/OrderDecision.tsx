/**
 * What an administrator may do with an order (the backend's `actions`, ADR 0051): complete with a
 * final price (at most what the merchant holds for it, from the ledger) or cancel; unfreeze a frozen
 * order the merchant never opened (back to Waiting); freeze an open one. Where Complete is not
 * offered for a decidable order, the page says why.
 */
import { NEVER_OPENED_NO_COMPLETE, type AdminOrderActions, type OrderMoney, type StaffOrder } from "../../../contract/calls/orders-desks";
import { formatCoins } from "~/services/money/format";
import { StaffForm } from "./StaffParts";

export function OrderDecision({ order, actions, money, coinName }: { order: StaffOrder; actions: AdminOrderActions; money: OrderMoney; coinName: string }) {
  if (!actions.resolve && !actions.freeze && !actions.unfreeze) return <p className="text-sm text-gray-600">This order is decided: nothing more to do.</p>;
  const held = `${formatCoins(money.held)} ${coinName}`;
  return (
    <div className="flex flex-col gap-4">
      {actions.resolve && !actions.complete ? (
        <p className="rounded-lg bg-wait-50 p-3 text-sm text-gray-800 ring-1 ring-inset ring-wait-200" data-testid="staff-no-complete">
          {NEVER_OPENED_NO_COMPLETE}
        </p>
      ) : null}
      {actions.complete ? (
        <StaffForm
          intent="complete"
          id={order.id}
          label="Complete with this price"
          question={{
            title: `Complete order ${order.id}?`,
            describe: (f) => `${order.sellerNickname} is paid ${f.price ?? ""} ${coinName}; the rest of the ${held} held returns to ${order.buyerNickname}.`,
            confirmLabel: "Complete",
          }}
        >
          <label htmlFor="final-price" className="flex flex-col gap-1 text-sm font-medium text-gray-800">
            Final price ({coinName}, at most the {formatCoins(money.held)} held)
            <input
              id="final-price"
              name="price"
              inputMode="decimal"
              required
              defaultValue={formatCoins(Math.min(order.arbitrationApplyPrice ?? order.calculateTotalPrice, money.held)).replace(/,/g, "")}
              className="rounded-lg border border-gray-300 px-3 py-2 text-base tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            />
          </label>
        </StaffForm>
      ) : null}
      {actions.cancel ? (
        <StaffForm
          intent="cancel"
          id={order.id}
          label={money.held > 0 ? "Cancel the order (refund the merchant)" : "Cancel the order"}
          variant="danger"
          question={{
            title: `Cancel order ${order.id}?`,
            describe: () =>
              money.held > 0
                ? `The ${held} held return to ${order.buyerNickname}; the seller is paid nothing.`
                : `Nothing was held, so no coins move: the card stays ${order.sellerNickname}'s, and the seller is paid nothing.`,
            confirmLabel: "Cancel the order",
          }}
        />
      ) : null}
      {actions.unfreeze ? (
        <StaffForm
          intent="unfreeze"
          id={order.id}
          label="Unfreeze: back to Waiting"
          variant="secondary"
          question={{
            title: `Unfreeze order ${order.id}?`,
            describe: () => `It goes back to Waiting: ${order.buyerNickname} has the offer's time limit again to view the card, or the order is cancelled.`,
            confirmLabel: "Unfreeze",
          }}
        />
      ) : null}
      {actions.freeze ? (
        <StaffForm
          intent="freeze"
          id={order.id}
          label="Freeze this order"
          variant="secondary"
          question={{ title: `Freeze order ${order.id}?`, describe: () => "Its timers stop and nobody but staff can move it until it is decided.", confirmLabel: "Freeze" }}
        />
      ) : null}
    </div>
  );
}
