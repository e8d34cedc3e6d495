/** What a seller or a merchant may do with an order, by status, from the transition table. */
import { describe, expect, test } from "vitest";
import { OrderStatus } from "../../../contract/enums";
import { adminOrderActions, orderActions, TRANSITIONS } from "./state-machine";

const statuses = [0, 1, 2, 3, 4, 5, 6] as const;
const having = (role: "seller" | "merchant", action: string, hasFeedback = false) =>
  statuses.filter((status) => orderActions({ status }, role, hasFeedback).includes(action as never));

describe("orderActions", () => {
  test("the seller: accept in 2 and 3, arbitrate in 2 (docs/product/statuses.md), comment once in 4, chat below 4", () => {
    expect(having("seller", "accept")).toEqual([2, 3]);
    expect(having("seller", "arbitrate")).toEqual([2]);
    expect(having("seller", "comment")).toEqual([4]);
    expect(having("seller", "comment", true)).toEqual([]);
    expect(having("seller", "chat")).toEqual([0, 1, 2, 3]);
    for (const a of ["view", "complete", "negotiate"]) expect(having("seller", a)).toEqual([]);
  });

  test("the merchant: view in 0, complete in 1 and 2, negotiate in 1, chat below 4, never the seller's", () => {
    expect(having("merchant", "view")).toEqual([0]);
    expect(having("merchant", "complete")).toEqual([1, 2]);
    expect(having("merchant", "negotiate")).toEqual([1]);
    expect(having("merchant", "chat")).toEqual([0, 1, 2, 3]);
    for (const a of ["accept", "arbitrate", "comment"]) expect(having("merchant", a)).toEqual([]);
  });

  test("either side adds evidence in negotiation and arbitration only (ADR 0074)", () => {
    expect(having("seller", "evidence")).toEqual([2, 3]);
    expect(having("merchant", "evidence")).toEqual([2, 3]);
  });
});

describe("TRANSITIONS", () => {
  test("every move to Completed pays, and none leaves it: the kept order figures count a completion where it pays (ADR 0048)", () => {
    const toCompleted = TRANSITIONS.filter((r) => r.to === OrderStatus.Completed);
    expect(toCompleted.length).toBeGreaterThan(0);
    for (const r of toCompleted) expect(r.effect, r.name).toBe("pay");
    expect(TRANSITIONS.filter((r) => (r.from as readonly number[]).includes(OrderStatus.Completed))).toEqual([]);
  });
});

describe("adminOrderActions", () => {
  const opened = new Date(0);
  test("complete needs the merchant's hold (it opened the card); a frozen order it never opened may be cancelled or unfrozen (ADR 0051)", () => {
    const row = (status: number, viewed: boolean) => adminOrderActions({ status, viewed_at: viewed ? opened : null });
    expect(row(OrderStatus.Frozen, false)).toEqual({ resolve: true, freeze: false, complete: false, cancel: true, unfreeze: true });
    expect(row(OrderStatus.Frozen, true)).toEqual({ resolve: true, freeze: false, complete: true, cancel: true, unfreeze: false });
    expect(row(OrderStatus.InArbitration, true)).toEqual({ resolve: true, freeze: true, complete: true, cancel: true, unfreeze: false });
    expect(row(OrderStatus.Waiting, false)).toEqual({ resolve: false, freeze: true, complete: false, cancel: false, unfreeze: false });
    for (const status of [OrderStatus.Completed, OrderStatus.Cancelled])
      expect(row(status, true)).toEqual({ resolve: false, freeze: false, complete: false, cancel: false, unfreeze: false });
  });
});
