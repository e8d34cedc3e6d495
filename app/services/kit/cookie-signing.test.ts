import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sign, unsign } from "./cookie-signing";

/** What @remix-run/node's cookie-signature wrote: the format existing session cookies carry. */
const nodeSigned = (value: string, secret: string) => `${value}.${createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "")}`;

describe("cookie signing with WebCrypto", () => {
  it("signs exactly as @remix-run/node did, so cookies signed before still open", async () => {
    for (const value of ["eyJ0b2tlbiI6ImFiYyJ9", "", "a.b.c", "ünïcødé"]) {
      expect(await sign(value, "s3cret")).toBe(nodeSigned(value, "s3cret"));
      expect(await unsign(nodeSigned(value, "s3cret"), "s3cret")).toBe(value);
    }
  });

  it("refuses another secret, a changed value or signature, and garbage", async () => {
    const signed = await sign("payload", "s3cret");
    expect(await unsign(signed, "other")).toBe(false);
    expect(await unsign(signed.replace("payload", "payloae"), "s3cret")).toBe(false);
    expect(await unsign(`${signed.slice(0, -1)}${signed.endsWith("A") ? "B" : "A"}`, "s3cret")).toBe(false);
    for (const junk of ["", "no-dot", "payload.!!!", "payload."]) expect(await unsign(junk, "s3cret")).toBe(false);
  });
});
