/** The login's redirectTo (app/session.server.ts safeRedirect): a same-site path with its query kept, never another site (ADR 0072: Sell keeps her face through sign-in). */
import { describe, expect, test } from "vitest";
import { safeRedirect } from "./session.server";

describe("safeRedirect", () => {
  test("keeps a same-site path with its query string", () => {
    expect(safeRedirect("/sellCard/12?face=25.5")).toBe("/sellCard/12?face=25.5");
  });
  test("refuses other sites and what is not a path", () => {
    for (const to of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "sellCard/1", "", null, undefined]) expect(safeRedirect(to)).toBe("/home");
  });
});
