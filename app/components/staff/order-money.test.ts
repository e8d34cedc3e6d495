/** The staff order page's money rows (ADR 0051): words that fit the status, figures from the ledger. */
import { describe, expect, test } from "vitest";
import { NOTHING_HELD } from "../../../contract/calls/orders-desks";
import { staffMoneyRows } from "./order-money";

const none = { held: 0, paid: 0, returned: 0 };
const shown = (rows: ReturnType<typeof staffMoneyRows>) => rows.map((r) => [r.label, r.coins ?? r.text]);

describe("staffMoneyRows", () => {
  test("an open order shows what is held, never Paid; nothing held for a card the merchant never opened", () => {
    expect(shown(staffMoneyRows(0, none, false))).toEqual([["Held from the merchant", NOTHING_HELD]]);
    expect(shown(staffMoneyRows(6, none, false))).toEqual([["Held from the merchant", NOTHING_HELD]]);
    for (const status of [1, 2, 3, 6]) expect(shown(staffMoneyRows(status, { ...none, held: 1_950 }, true))).toEqual([["Held from the merchant", 1_950]]);
  });

  test("a completed order shows what was paid, and what returned when the price was lower", () => {
    expect(shown(staffMoneyRows(4, { held: 0, paid: 1_950, returned: 0 }, true))).toEqual([["Paid to the seller", 1_950]]);
    expect(shown(staffMoneyRows(4, { held: 0, paid: 1_500, returned: 450 }, true))).toEqual([
      ["Paid to the seller", 1_500],
      ["Returned to the merchant", 450],
    ]);
  });

  test("a cancelled order paid nothing; it returned the hold, or says nothing was held", () => {
    expect(shown(staffMoneyRows(5, { held: 0, paid: 0, returned: 1_950 }, true))).toEqual([
      ["Paid to the seller", "Nothing: the order was cancelled."],
      ["Returned to the merchant", 1_950],
    ]);
    expect(shown(staffMoneyRows(5, none, false))).toEqual([
      ["Paid to the seller", "Nothing: the order was cancelled."],
      ["Returned to the merchant", "Nothing: nothing was held, as the merchant never opened the card."],
    ]);
  });
});
