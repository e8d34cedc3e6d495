import { describe, expect, test } from "vitest";
import { dispatchIntent, intentOf } from "./intents.server";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("dispatchIntent", () => {
  test("runs the handler the posted intent names, with that intent", async () => {
    const ran: string[] = [];
    const r = await dispatchIntent(form({ intent: "pause" }), { pause: (i) => (ran.push(i), "paused"), resume: () => "resumed" });
    expect([r, ran]).toEqual(["paused", ["pause"]]);
  });

  test("an unknown or missing intent, or one inherited from Object, is a 400 naming it", async () => {
    for (const intent of ["stop", "", "toString", "__proto__"]) {
      const r = (await dispatchIntent(form(intent ? { intent } : {}), { pause: () => "paused" })) as Response;
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ intent, error: "Request error" });
    }
    expect(intentOf(form({}))).toBe("");
  });
});
