import { describe, expect, test } from "vitest";
import { combineHeaders, NO_STORE, noStoreDocument, privateFor } from "./http.server";

describe("combineHeaders", () => {
  test("later sets win for a name; Set-Cookie adds up; empty sets are skipped", () => {
    const h = combineHeaders(NO_STORE, null, { "Set-Cookie": "a=1", Vary: "Cookie" }, undefined, new Headers([["Set-Cookie", "b=2"], ["Vary", "Accept"]]));
    expect(h.get("Cache-Control")).toBe("private, no-store");
    expect(h.get("Vary")).toBe("Accept");
    expect(h.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});

describe("cache headers", () => {
  test("a private page's document is never stored; privateFor keeps an answer in this browser only", () => {
    expect(new Headers(noStoreDocument({} as Parameters<typeof noStoreDocument>[0])).get("Cache-Control")).toBe("private, no-store");
    expect(privateFor(60)).toEqual({ "Cache-Control": "private, max-age=60" });
  });
});
