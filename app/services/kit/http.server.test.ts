import { describe, expect, test } from "vitest";
import { combineHeaders, NO_STORE } from "./http.server";

describe("combineHeaders", () => {
  test("later sets win for a name; Set-Cookie adds up; empty sets are skipped", () => {
    const h = combineHeaders(NO_STORE, null, { "Set-Cookie": "a=1", Vary: "Cookie" }, undefined, new Headers([["Set-Cookie", "b=2"], ["Vary", "Accept"]]));
    expect(h.get("Cache-Control")).toBe("private, no-store");
    expect(h.get("Vary")).toBe("Accept");
    expect(h.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});
