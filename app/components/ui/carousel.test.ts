import { describe, expect, test } from "vitest";
import { loopOffset, wrapIndex } from "./Carousel";
import { PULL_THRESHOLD, pullDistance, pullPhase } from "./pull-indicator";

describe("the looping carousel arithmetic", () => {
  test("wrapIndex: after the last comes the first, before the first the last", () => {
    expect(wrapIndex(8, 8)).toBe(0);
    expect(wrapIndex(-1, 8)).toBe(7);
    expect(wrapIndex(-9, 8)).toBe(7);
    expect(wrapIndex(3, 0)).toBe(0);
  });
  test("loopOffset: the short way round, so V7 sits left of V0 and V1 right of it", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => loopOffset(i, 0, 8))).toEqual([0, 1, 2, 3, 4, -3, -2, -1]);
    expect(loopOffset(0, 7, 8)).toBe(1);
    expect(loopOffset(6, 7, 8)).toBe(-1);
  });
});

describe("pull to refresh", () => {
  test("the pull resists (half the finger's travel) and stops at a maximum", () => {
    expect(pullDistance(-30)).toBe(0);
    expect(pullDistance(100)).toBe(50);
    expect(pullDistance(1000)).toBeLessThan(200);
  });
  test("the phases: pulling, armed past the threshold, refreshing while the loader reloads", () => {
    expect(pullPhase(0, false)).toBe("idle");
    expect(pullPhase(PULL_THRESHOLD - 1, false)).toBe("pulling");
    expect(pullPhase(PULL_THRESHOLD, false)).toBe("armed");
    expect(pullPhase(0, true)).toBe("refreshing");
  });
});
