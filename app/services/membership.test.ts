import { expect, test } from "vitest";
import { checkedIn } from "./membership";

test("a check-in says the points earned and the streak", () => {
  expect(checkedIn(10_000, 1)).toBe("Checked in: +1 point. Day streak: 1 day.");
  expect(checkedIn(25_000, 7)).toBe("Checked in: +2.5 points. Day streak: 7 days.");
});
