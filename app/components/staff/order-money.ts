/**
 * The money rows of the staff order page (ADR 0051): held, paid and returned as the order's own
 * ledger rows have them (/admin/order/detail's `money`), in words that fit the status. Held only
 * while the order is open, and "Nothing held" for a card the merchant never opened; Paid only once
 * decided. Pure: the page and its unit test share it.
 */
import { NOTHING_HELD, type OrderMoney } from "../../../contract/calls/orders-desks";
import { OrderStatus } from "../../../contract/enums";

export interface MoneyRow {
  key: "held" | "paid" | "returned";
  label: string;
  /** Coins (hundredths), or null when the row says why there are none. */
  coins: number | null;
  text: string | null;
}

const coinsRow = (key: MoneyRow["key"], label: string, coins: number): MoneyRow => ({ key, label, coins, text: null });
const textRow = (key: MoneyRow["key"], label: string, text: string): MoneyRow => ({ key, label, coins: null, text });

export function staffMoneyRows(status: number, money: OrderMoney, merchantViewed: boolean): MoneyRow[] {
  const HELD = "Held from the merchant";
  const PAID = "Paid to the seller";
  const RETURNED = "Returned to the merchant";
  if (status === OrderStatus.Completed) {
    return [coinsRow("paid", PAID, money.paid), ...(money.returned > 0 ? [coinsRow("returned", RETURNED, money.returned)] : [])];
  }
  if (status === OrderStatus.Cancelled) {
    return [
      textRow("paid", PAID, "Nothing: the order was cancelled."),
      money.returned > 0 || merchantViewed
        ? coinsRow("returned", RETURNED, money.returned)
        : textRow("returned", RETURNED, "Nothing: nothing was held, as the merchant never opened the card."),
    ];
  }
  if (money.held > 0) return [coinsRow("held", HELD, money.held)];
  return [textRow("held", HELD, merchantViewed ? "Nothing held." : NOTHING_HELD)];
}
