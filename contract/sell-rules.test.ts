/** The sell-card rules of docs/product/validation.md, shared by the form and /order/addOrder. */
import { describe, expect, test } from "vitest";
import { tooManyCodesMessage } from "./card-codes";
import { MESSAGES } from "./messages";
import { CHOOSE_FACE, CODE_TOO_LONG, TOO_MANY_IMAGES, faceRangeMessage, fixedFacesMessage, sellFieldOf, sellProblem, unitsText, type SellOffer } from "./sell-rules";

const offer: SellOffer = { cardType: 1, online: true, minTrade: 2_550, maxTrade: 100_000, remain: 50_000, currency: "GBP", faces: [], codesPerOrder: 1 };

describe("sellProblem", () => {
  test("docs/product/validation.md's order: online, face, remaining amount, then the code or the images", () => {
    const ok = { tradeAmount: 10_000, codes: ["A"], images: 0 };
    expect(sellProblem({ ...offer, online: false }, { ...ok, tradeAmount: null, codes: [] })).toEqual({ field: "form", message: MESSAGES.businessOffline });
    expect(sellProblem(offer, { ...ok, tradeAmount: 100, codes: [] })).toEqual({ field: "face", message: "The CardFace must be between 25.5-1000 GBP." });
    expect(sellProblem(offer, { ...ok, tradeAmount: 60_000 })).toEqual({ field: "face", message: MESSAGES.remainNotEnough });
    expect(sellProblem(offer, { ...ok, codes: [] })).toEqual({ field: "cardCode", message: MESSAGES.cardCodeEmpty });
    expect(sellProblem(offer, { ...ok, codes: ["A", "B"] })).toEqual({ field: "cardCode", message: tooManyCodesMessage(1) });
    expect(sellProblem(offer, { ...ok, codes: ["x".repeat(5001)] })).toEqual({ field: "cardCode", message: CODE_TOO_LONG });
    expect(sellProblem({ ...offer, cardType: 0 }, { ...ok, codes: [] })).toEqual({ field: "cardImg", message: MESSAGES.cardImageEmpty });
    expect(sellProblem({ ...offer, cardType: 0 }, { ...ok, images: 11 })).toEqual({ field: "cardImg", message: TOO_MANY_IMAGES });
    expect(sellProblem({ ...offer, faces: [5_000] }, { ...ok, tradeAmount: null })).toEqual({ field: "face", message: CHOOSE_FACE });
    expect(sellProblem({ ...offer, faces: [5_000, 10_050] }, ok)).toEqual({ field: "face", message: "The CardFace must be one of 50, 100.5 GBP." });
    expect(sellProblem(offer, ok)).toBeNull();
  });

  test("every message it gives goes back beside its own field", () => {
    const messages = [
      [MESSAGES.businessOffline, "form"],
      [faceRangeMessage(offer), "face"],
      [fixedFacesMessage([5_000], "USD"), "face"],
      [CHOOSE_FACE, "face"],
      [MESSAGES.remainNotEnough, "face"],
      [MESSAGES.cardCodeEmpty, "cardCode"],
      [tooManyCodesMessage(1), "cardCode"],
      [tooManyCodesMessage(3), "cardCode"],
      [CODE_TOO_LONG, "cardCode"],
      [MESSAGES.cardImageEmpty, "cardImg"],
      [TOO_MANY_IMAGES, "cardImg"],
      ["This sell form has expired. Please open the offer again.", "form"],
    ] as const;
    for (const [message, field] of messages) expect(sellFieldOf(message), message).toBe(field);
    expect([10_000, 2_550, 2_505, 0].map(unitsText)).toEqual(["100", "25.5", "25.05", "0"]);
  });
});
