import { describe, expect, it } from "vitest";
import { rateChart } from "./rate-chart";

const DAY = 86_400_000;
const from = 0;
const to = 30 * DAY;

describe("rateChart", () => {
  it("draws a step line through exact points, lowest at the bottom, highest at the top", () => {
    const shape = rateChart(
      [
        { at: 0, discount: 7_000 },
        { at: 10 * DAY, discount: 8_000 },
        { at: 20 * DAY, discount: 7_500 },
      ],
      from,
      to,
    );
    expect(shape).toEqual({ d: "M0 100H100V0H200V50H300", min: 7_000, max: 8_000, last: 7_500, changed: true });
  });

  it("leaves a gap while no offer was open and starts again after it", () => {
    const shape = rateChart(
      [
        { at: 0, discount: 8_000 },
        { at: 6 * DAY, discount: null },
        { at: 15 * DAY, discount: 9_000 },
      ],
      from,
      to,
    );
    expect(shape.d).toBe("M0 100H60M150 0H300");
    expect(shape.changed).toBe(true);
  });

  it("draws a rate that never moved as a flat line in the middle", () => {
    expect(rateChart([{ at: 0, discount: 8_500 }], from, to)).toEqual({ d: "M0 50H300", min: 8_500, max: 8_500, last: 8_500, changed: false });
  });

  it("draws nothing when no offer was open in the range", () => {
    expect(rateChart([{ at: 0, discount: null }], from, to).d).toBe("");
    expect(rateChart([], from, to).d).toBe("");
  });
});
