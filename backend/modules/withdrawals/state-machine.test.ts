/** What a withdrawal's owner and withdrawer may do, by status, from the transition table. */
import { describe, expect, test } from "vitest";
import { withdrawalActions } from "./state-machine";

describe("withdrawalActions", () => {
  test("the withdrawer: process in 0, complete in 1, cancel in 0 and 1; the owner only waits", () => {
    const having = (action: string) => [0, 1, 2, 3].filter((status) => withdrawalActions({ status }, "withdrawer").includes(action as never));
    expect(having("process")).toEqual([0]);
    expect(having("complete")).toEqual([1]);
    expect(having("cancel")).toEqual([0, 1]);
    for (const status of [0, 1, 2, 3]) expect(withdrawalActions({ status }, "owner")).toEqual([]);
  });
});
