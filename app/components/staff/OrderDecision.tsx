/**
 * What an administrator may do with an order (the backend's `actions`): decide it — complete with
 * a final price (at most what the merchant's escrow holds) or cancel — or freeze an open one.
 */
import type { StaffOrder } from "../../../contract/calls/staff-orders";
import { formatCoins } from "~/services/format";
import { StaffForm } from "./StaffParts";

export function OrderDecision({ order, actions, coinName }: { order: StaffOrder; actions: { resolve: boolean; freeze: boolean }; coinName: string }) {
  if (!actions.resolve && !actions.freeze) return <p className="text-sm text-gray-600">This order is decided: nothing more to do.</p>;
  return (
    <div className="flex flex-col gap-4">
      {actions.resolve ? (
        <>
          <StaffForm
            intent="complete"
            id={order.id}
            label="Complete with this price"
            question={{
              title: `Complete order ${order.id}?`,
              describe: (f) => `${order.sellerNickname} is paid ${f.price ?? ""} ${coinName}; the rest of the ${formatCoins(order.calculateTotalPrice)} held returns to ${order.buyerNickname}.`,
              confirmLabel: "Complete",
            }}
          >
            <label htmlFor="final-price" className="flex flex-col gap-1 text-sm font-medium text-gray-800">
              Final price ({coinName}, at most {formatCoins(order.calculateTotalPrice)})
              <input
                id="final-price"
                name="price"
                inputMode="decimal"
                required
                defaultValue={formatCoins(order.arbitrationApplyPrice ?? order.calculateTotalPrice).replace(/,/g, "")}
                className="rounded-lg border border-gray-300 px-3 py-2 text-base tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              />
            </label>
          </StaffForm>
          <StaffForm
            intent="cancel"
            id={order.id}
            label="Cancel the order (refund the merchant)"
            variant="danger"
            question={{ title: `Cancel order ${order.id}?`, describe: () => `The ${formatCoins(order.calculateTotalPrice)} ${coinName} held return to ${order.buyerNickname}; the seller is paid nothing.`, confirmLabel: "Cancel the order" }}
          />
        </>
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
