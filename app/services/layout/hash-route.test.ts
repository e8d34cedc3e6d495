import { describe, expect, it } from "vitest";
import { HASH_ROUTE_SCRIPT } from "./hash-route";

/** Runs the script against a fake location; the address it replaced the page with, or null. */
function run(hash: string): string | null {
  let replaced: string | null = null;
  const location = { hash, replace: (u: string) => void (replaced = u) };
  new Function("location", HASH_ROUTE_SCRIPT)(location);
  return replaced;
}

describe("HASH_ROUTE_SCRIPT", () => {
  it("moves /#/path into the path, query included", () => {
    expect(run("#/register/DSELLA")).toBe("/register/DSELLA");
    expect(run("#/message/C2C10001")).toBe("/message/C2C10001");
    expect(run("#/message/GROUP100001?x=1")).toBe("/message/GROUP100001?x=1");
    expect(run("#/")).toBe("/");
  });

  it("leaves other hashes alone, and never sends the page to another host", () => {
    for (const h of ["", "#", "#top", "#x/y", "#//evil.example/x", "#/\\evil.example"]) expect(run(h), h).toBeNull();
  });

  it("stays tiny", () => {
    expect(new TextEncoder().encode(HASH_ROUTE_SCRIPT).length).toBeLessThanOrEqual(90);
  });
});
