import { describe, expect, it } from "vitest";
import { DEFAULT_ZONE, TIME_ZONE_HEADER, localDay, zoneOf } from "./zone";

const withZone = (name: string) => ({ headers: new Headers({ [TIME_ZONE_HEADER]: name }) });

describe("the user's zone from the time-zone header", () => {
  it("is the zone's canonical name whatever the letter case (one cache entry per real zone)", () => {
    expect(zoneOf(withZone("aSiA/tOkYo"))).toBe("Asia/Tokyo");
    expect(zoneOf(withZone("Africa/Lagos"))).toBe("Africa/Lagos");
  });

  it("falls back to Lagos for an unknown, over-long or missing zone", () => {
    expect(zoneOf(withZone("Mars/Olympus"))).toBe(DEFAULT_ZONE);
    expect(zoneOf(withZone(`Europe/${"x".repeat(80)}`))).toBe(DEFAULT_ZONE);
    expect(zoneOf({ headers: new Headers() })).toBe(DEFAULT_ZONE);
  });

  it("localDay takes the calendar of the zone, and Lagos for a name it does not know", () => {
    const at = new Date("2026-11-22T23:30:00Z");
    expect(localDay(at, "Asia/Tokyo")).toBe("2026-11-23");
    expect(localDay(at, "Africa/Lagos")).toBe("2026-11-23");
    expect(localDay(at, "America/New_York")).toBe("2026-11-22");
    expect(localDay(at, "Nowhere/Land")).toBe("2026-11-23");
  });
});
