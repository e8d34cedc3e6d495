/**
 * One order of the merchant desk's queue: card, face, price, seller, status and its timer
 * (Auto Cancel for Waiting, Auto Release, Auto Arbitration): the deadline without JavaScript,
 * ticking with it.
 */
import type { StaffOrder } from "../../../contract/calls/orders-desks";
import { DuplicateFlag } from "~/components/orders/DuplicateFlag";
import { OrderRow } from "~/components/orders/OrderRow";
import { Countdown } from "~/components/ui";
import { orderTimer, parseAdvertInfo } from "~/services/orders/index";

export function DeskOrderItem({ order: o, coinName }: { order: StaffOrder; coinName: string }) {
  const timer = orderTimer(o);
  return (
    <OrderRow
      order={o}
      to={`/desk/orders/${o.id}`}
      side="merchant"
      name={o.paymentNameEn || parseAdvertInfo(o.advertInfo).paymentNameEn}
      from={o.sellerNickname}
      coinName={coinName}
      testId="desk-order"
      top
    >
      <DuplicateFlag duplicate={o.duplicateOf} compact />
      {timer ? (
        <p className="mt-1 text-xs text-gray-700" data-testid="desk-order-timer">
          {timer.label} <Countdown deadline={timer.deadline} />
        </p>
      ) : null}
    </OrderRow>
  );
}
