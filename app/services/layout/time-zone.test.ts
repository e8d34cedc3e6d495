import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  dayEndIn,
  dayStartIn,
  formatDateIn,
  formatDayIn,
  formatShortDayIn,
  parseDay,
  startOfDayIn,
  timeZoneOf,
  validTimeZone,
} from "./time-zone";

const req = (cookie?: string) => new Request("http://x/", { headers: cookie ? { Cookie: cookie } : {} });

describe("time zones", () => {
  it("formats the same instant as each zone's wall clock", () => {
    const ms = Date.UTC(2026, 10, 20, 23, 5);
    expect(formatDateIn(ms, "Africa/Lagos")).toBe("Nov 21, 2026 12:05 AM");
    expect(formatDateIn(ms, "UTC")).toBe("Nov 20, 2026 11:05 PM");
    expect(formatDateIn(ms, "America/New_York")).toBe("Nov 20, 2026 06:05 PM");
    expect(formatDateIn(ms, "Asia/Kolkata")).toBe("Nov 21, 2026 04:35 AM");
    expect(formatDayIn(ms, "Africa/Lagos")).toBe("Nov 21, 2026");
    expect(formatShortDayIn(ms, "UTC")).toBe("Nov 20");
  });

  it("finds the first and last ms of a calendar day in a zone", () => {
    expect(dayStartIn("2026-11-21", "Africa/Lagos")).toBe(Date.UTC(2026, 10, 20, 23));
    expect(dayEndIn("2026-11-21", "Africa/Lagos")).toBe(Date.UTC(2026, 10, 21, 23) - 1);
    expect(dayStartIn("2026-11-21", "UTC")).toBe(Date.UTC(2026, 10, 21));
    expect(dayStartIn("2026-12-31", "Asia/Kolkata")).toBe(Date.UTC(2026, 11, 30, 18, 30));
    expect(dayEndIn("2026-12-31", "UTC")).toBe(Date.UTC(2027, 0, 1) - 1);
  });

  it("handles days that are 23 or 25 hours long (DST)", () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    const spring = dayStartIn("2026-03-08", "America/New_York")!;
    expect(spring).toBe(Date.UTC(2026, 2, 8, 5));
    expect(dayEndIn("2026-03-08", "America/New_York")! + 1 - spring).toBe(23 * 3_600_000);
    const fall = dayStartIn("2026-11-01", "America/New_York")!;
    expect(fall).toBe(Date.UTC(2026, 10, 1, 4));
    expect(dayEndIn("2026-11-01", "America/New_York")! + 1 - fall).toBe(25 * 3_600_000);
    expect(startOfDayIn(Date.UTC(2026, 10, 1, 20), "America/New_York")).toBe(fall);
  });

  it("today's midnight for an instant", () => {
    expect(startOfDayIn(Date.UTC(2026, 10, 20, 23, 30), "Africa/Lagos")).toBe(Date.UTC(2026, 10, 20, 23));
    expect(startOfDayIn(Date.UTC(2026, 10, 20, 22, 59), "Africa/Lagos")).toBe(Date.UTC(2026, 10, 19, 23));
  });

  it("refuses malformed days and unknown zones", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "26-11-21", "", "2026-11-21T00:00"]) {
      expect(parseDay(bad)).toBeNull();
      expect(dayStartIn(bad, "UTC")).toBeNull();
    }
    expect(parseDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(validTimeZone("Africa/Lagos")).toBe("Africa/Lagos");
    for (const bad of ["Mars/Olympus", "", null, "x".repeat(80), "Africa/Lagos; drop"]) expect(validTimeZone(bad)).toBeNull();
  });

  it("reads the zone from the tz cookie, else Lagos", () => {
    expect(timeZoneOf(req())).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOf(req("a=1; tz=America%2FNew_York; b=2"))).toBe("America/New_York");
    expect(timeZoneOf(req("tz=Europe/London"))).toBe("Europe/London");
    expect(timeZoneOf(req("xtz=Asia/Tokyo"))).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOf(req("tz=Mars%2FOlympus"))).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOf(req("tz=%E0%A4%A"))).toBe(DEFAULT_TIME_ZONE);
  });
});
