import { describe, expect, test } from "vitest";
import { negotiateRefusal, negotiationOf } from "./orders";

describe("negotiateRefusal: the field a refusal of the desk's Negotiate belongs to", () => {
  test.each([
    ["Please enter the card face you found.", "arbitrationApplyAmount"],
    ["Please enter the price you propose.", "arbitrationApplyPrice"],
    ["The proposed price must not exceed 84.24 Coins.", "arbitrationApplyPrice"],
    ["Please explain the problem.", "arbitrationContent"],
    ["The explanation has at most 500 characters.", "arbitrationContent"],
    ["This order can no longer be negotiated.", null],
  ])("%s", (error, field) => expect(negotiateRefusal(error)).toEqual({ field, error }));

  test("a face that is not a number is refused at the face, before any call", () => {
    const form = new FormData();
    form.set("arbitrationApplyAmount", "fifty");
    expect(negotiationOf(form)).toEqual({ field: "arbitrationApplyAmount", error: "Please enter the card face you found." });
  });
});
