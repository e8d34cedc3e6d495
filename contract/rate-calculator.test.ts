/** The rate calculator (docs/decisions/0072-the-rate-calculator.md): which offers, in which order, paying exactly what. */
import { describe, expect, test } from "vitest";
import { coinsForFace, payoutFor } from "./money";
import { alertPays } from "./rate-alerts";
import { offersPaying, type PricedOffer } from "./rate-calculator";

const base: PricedOffer = { cardType: 1, faces: [], minTrade: 2_500, maxTrade: 50_000, remain: 100_000, currency: "USD", discount: 8_000 };
const offers = {
  range: { ...base, id: "range" },
  better: { ...base, id: "better", discount: 8_333 },
  picture: { ...base, id: "picture", cardType: 0, discount: 9_000 },
  gbp: { ...base, id: "gbp", currency: "GBP", discount: 9_500 },
  fixed: { ...base, id: "fixed", faces: [5_000, 10_000], discount: 8_100 },
  smallLimits: { ...base, id: "smallLimits", maxTrade: 5_000, discount: 9_900 },
  littleLeft: { ...base, id: "littleLeft", remain: 5_000, discount: 9_800 },
};
const all = Object.values(offers);
const RATE = 5_365_000; // 536.50 NGN per coin
const ids = (r: { offer: { id: string } }[]) => r.map((x) => x.offer.id);

describe("offersPaying", () => {
  test("an e-code of 100 USD: the offers that would take it, most coins first, each with exact coins and naira", () => {
    const paying = offersPaying({ face: 10_000, form: 1, currency: "USD" }, all, RATE);
    expect(ids(paying)).toEqual(["better", "fixed", "range"]);
    // 100 × 0.8333 = 83.33 coins; 83.33 × 536.50 = 44,706.545 → floored to ₦44,706.54.
    expect(paying[0].pays).toEqual({ coins: 8_333, naira: 4_470_654 });
    expect(paying[1].pays).toEqual({ coins: 8_100, naira: payoutFor(8_100, RATE) });
    expect(paying[2].pays).toEqual({ coins: coinsForFace(10_000, 8_000), naira: payoutFor(8_000, RATE) });
  });

  test("a face outside an offer's limits or fixed faces, or above what it has left, leaves the offer out", () => {
    // 25.50 USD: within every range (and what littleLeft has left); not one of fixed's faces.
    expect(ids(offersPaying({ face: 2_550, form: 1, currency: "USD" }, all, RATE))).toEqual(["smallLimits", "littleLeft", "better", "range"]);
    // 600 USD: above every max.
    expect(offersPaying({ face: 60_000, form: 1, currency: "USD" }, all, RATE)).toEqual([]);
    // 75 USD: not one of fixed's faces; above smallLimits' max and littleLeft's remain.
    expect(ids(offersPaying({ face: 7_500, form: 1, currency: "USD" }, all, RATE))).toEqual(["better", "range"]);
  });

  test("form and currency: null form takes both; the currency is the card's", () => {
    expect(ids(offersPaying({ face: 10_000, form: null, currency: "USD" }, all, RATE))).toEqual(["picture", "better", "fixed", "range"]);
    expect(ids(offersPaying({ face: 10_000, form: 1, currency: "GBP" }, all, RATE))).toEqual(["gbp"]);
  });

  test("equal pay keeps the order given (the list's own order)", () => {
    const twins = [{ ...base, id: "a" }, { ...base, id: "b" }];
    expect(ids(offersPaying({ face: 10_000, form: 1 }, twins, RATE))).toEqual(["a", "b"]);
  });

  test("no withdrawer paying naira: coins still shown, naira null", () => {
    expect(offersPaying({ face: 10_000, form: 1, currency: "USD" }, [offers.range], null)[0].pays).toEqual({ coins: 8_000, naira: null });
  });

  test("a rate alert's figure is the calculator's best offer", () => {
    const usd = all.filter((o) => o.currency === "USD");
    expect(alertPays({ face: 10_000, form: 1 }, usd, RATE)).toBe(4_470_654);
    expect(alertPays({ face: 60_000, form: 1 }, usd, RATE)).toBeNull();
    expect(alertPays({ face: 10_000, form: 1 }, usd, null)).toBeNull();
  });
});
