/** The dispute panel's words: by dispute type, by status, and figures that agree. */
import { describe, expect, test } from "vitest";
import { disputeTexts, orderPriceFact } from ".";

const f = { face: (v: number) => `${v / 100} USD`, coins: (v: number) => `${(v / 100).toFixed(2)} Coins` };
const base = {
  status: 2 as const,
  arbitrationType: 3 as const,
  arbitrationApplyAmount: 4_000,
  arbitrationApplyPrice: 3_000,
  tradeAmount: 4_000,
  calculateTotalPrice: 3_400,
  realTotalPrice: 3_400,
};
const texts = (o: Partial<Parameters<typeof disputeTexts>[0]>) => disputeTexts({ ...base, ...o }, f);

describe("disputeTexts", () => {
  test("the explanation follows the type, and names a found face only when it differs from the entered one", () => {
    expect(texts({ arbitrationType: 0 }).explanation).toBe("The merchant says the card is invalid and offers 30.00 Coins instead of 34.00 Coins.");
    expect(texts({ arbitrationType: 1 }).explanation).toContain("has use limits");
    expect(texts({ arbitrationType: 2 }).explanation).toContain("was already redeemed");
    // Order 100004 of the walkthrough: the face "found" equals the face entered.
    expect(texts({}).explanation).toBe("The merchant does not agree with the price for this card and offers 30.00 Coins instead of 34.00 Coins.");
    expect(texts({}).faceFound).toBeNull();
    const lower = texts({ arbitrationApplyAmount: 3_600 });
    expect(lower.explanation).toBe("The merchant found a card face of 36 USD, not the 40 USD you entered, and offers 30.00 Coins instead of 34.00 Coins.");
    expect(lower.faceFound).toBe(3_600);
    expect(texts({ arbitrationType: 4 }).explanation).toBe("The merchant asks to cancel the order. If you accept, the order is cancelled and nothing is paid.");
  });

  test("the call to action only in negotiation; under way in arbitration; the outcome when finished", () => {
    expect(texts({ status: 2 }).status).toBe("Accept to be paid 30.00 Coins now, or apply for arbitration.");
    expect(texts({ status: 2, arbitrationType: 4 }).status).toBe("Accept to cancel the order, or apply for arbitration.");
    for (const type of [0, 1, 2, 3, 4] as const) {
      for (const status of [3, 4, 5, 6] as const) expect(texts({ status, arbitrationType: type }).status).not.toContain("apply for arbitration");
    }
    expect(texts({ status: 3 }).status).toContain("Arbitration is under way");
    expect(texts({ status: 4, realTotalPrice: 2_500 }).status).toBe("Completed: you were paid 25.00 Coins.");
    expect(texts({ status: 5 }).status).toBe("Cancelled: nothing was paid, and the card was not bought.");
    expect(texts({ status: 6 }).status).toContain("Frozen");
  });
});

describe("orderPriceFact", () => {
  const o = (status: number) => ({ status: status as 0, calculateTotalPrice: 8_450, realTotalPrice: status === 4 ? 7_600 : 8_450 });
  const fact = (status: number, side: "seller" | "merchant", opened?: boolean) => {
    const f = orderPriceFact(o(status), side, opened);
    return [f.label, f.coins, f.tone, f.note];
  };

  test("the seller: receive while it may come, received once paid; a cancelled or frozen order's price is only its price", () => {
    expect(fact(0, "seller")).toEqual(["You receive", 8_450, "in", null]);
    expect(fact(1, "seller")).toEqual(["You receive", 8_450, "in", null]);
    expect(fact(2, "seller")).toEqual(["Order price", 8_450, "none", null]);
    expect(fact(3, "seller")).toEqual(["Order price", 8_450, "none", null]);
    expect(fact(4, "seller")).toEqual(["You received", 7_600, "in", null]);
    expect(fact(5, "seller")).toEqual(["Order price", 8_450, "none", "Not paid: the order was cancelled."]);
    expect(fact(6, "seller")).toEqual(["Order price", 8_450, "none", "Not paid yet: an administrator is reviewing the order."]);
  });

  test("the merchant: pay, then held once it opened the card, paid once completed; never 'receive'", () => {
    expect(fact(0, "merchant")).toEqual(["You pay", 8_450, "out", "Held from your balance when you view the card."]);
    for (const s of [1, 2, 3]) expect(fact(s, "merchant")).toEqual(["Held from your balance", 8_450, "out", null]);
    expect(fact(4, "merchant")).toEqual(["You paid", 7_600, "out", null]);
    expect(fact(5, "merchant")).toEqual(["Order price", 8_450, "none", "Not paid: the order was cancelled."]);
    expect(fact(6, "merchant", true)).toEqual(["Held from your balance", 8_450, "out", "Frozen: an administrator decides what is paid."]);
    expect(fact(6, "merchant", false)).toEqual(["Order price", 8_450, "none", "Nothing is held: you have not opened the card."]);
    for (const s of [0, 1, 2, 3, 4, 5, 6]) expect(String(fact(s, "merchant")[0])).not.toMatch(/receive/i);
  });
});

describe("disputeTexts from the merchant's side", () => {
  const m = (o: Partial<Parameters<typeof disputeTexts>[0]>) => disputeTexts({ ...base, ...o }, f, "merchant");
  test("what it found, said and offered, as its own; the seller entered the face and decides", () => {
    expect(m({ arbitrationApplyAmount: 3_600 }).explanation).toBe("You found a card face of 36 USD, not the 40 USD the seller entered, and offered 30.00 Coins instead of 34.00 Coins.");
    expect(m({}).explanation).toBe("You did not agree with the price for this card and offered 30.00 Coins instead of 34.00 Coins.");
    expect(m({ arbitrationType: 0 }).explanation).toBe("You said the card is invalid and offered 30.00 Coins instead of 34.00 Coins.");
    expect(m({ arbitrationType: 2 }).explanation).toBe("You said the card was already redeemed and offered 30.00 Coins instead of 34.00 Coins.");
    expect(m({ arbitrationType: 4 }).explanation).toBe("You asked to cancel the order. If the seller accepts, the order is cancelled and nothing is paid.");
    expect(m({}).status).toBe("Waiting for the seller to accept 30.00 Coins or apply for arbitration.");
    expect(m({ arbitrationType: 4 }).status).toBe("Waiting for the seller to accept the cancellation or apply for arbitration.");
    expect(m({ status: 4, realTotalPrice: 3_000 }).status).toBe("Completed: you paid 30.00 Coins.");
  });

  test("never the seller's words", () => {
    for (const arbitrationType of [0, 1, 2, 3, 4] as const) {
      for (const status of [2, 3, 4, 5, 6] as const) {
        const t = m({ arbitrationType, status, arbitrationApplyAmount: 3_600 });
        expect(`${t.explanation} ${t.status}`).not.toMatch(/The merchant|you entered|If you accept|Accept to|you were paid/);
      }
    }
  });
});
