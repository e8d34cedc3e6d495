/** The desk's offer form on the server: the rate typed as sellers see it becomes the call's discount. */
import { describe, expect, test } from "vitest";
import { OFFER_RATE_MESSAGE, offerFromForm } from "./offers.server";

const form = (discount: string) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({ cardTypeId: "1", cardType: "1", tradeCurrency: "GBP", discount, minTrade: "10", maxTrade: "200", fixTrade: "20 | 50 | 100", tradeAmount: "1,000", payLimit: "30" })) f.set(k, v);
  return f;
};

describe("offerFromForm", () => {
  test("the rate per unit of face, up to 4 decimals, is the discount per 10000", () => {
    for (const [typed, discount] of [["1.016", 10_160], ["0.85", 8_500], [".9555", 9_555], ["5", 50_000]] as const) {
      const r = offerFromForm(form(typed));
      expect(r.ok && r.value.discount).toBe(discount);
    }
  });

  test("a rate it cannot read, or out of range, is refused at the field in the rate's words", () => {
    for (const typed of ["", "0.9x", "0.12345", "0", "5.0001", "8500"]) {
      const r = offerFromForm(form(typed));
      expect(r.ok ? null : r.errors.discount).toBe(OFFER_RATE_MESSAGE);
    }
  });
});
