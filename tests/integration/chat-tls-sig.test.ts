/**
 * The TLS signature v2 (backend/modules/chat/tls-sig.ts) against Tencent's reference
 * implementation (the tls-sig-api-v2 package), and /im/getUserSig.
 */
import { deflateSync, inflateSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Api } from "tls-sig-api-v2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Code } from "../../contract/envelope";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { BUILTIN_SDKAPPID, USER_SIG_TTL_SECONDS } from "../../backend/modules/chat/keys";
import { decodeUserSig, genUserSig, verifyUserSig } from "../../backend/modules/chat/tls-sig";
import { createTestBackend, type TestBackend } from "../support/backend";

// The reference package's own example key and app id.
const KEY = { sdkAppId: 1400000000, secretKey: "5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e" };
const NOW = 1_790_000_000; // seconds
const reference = new Api(KEY.sdkAppId, KEY.secretKey);

/** Re-encodes a decoded signature document the way Tencent does. */
const encode = (doc: Record<string, unknown>) =>
  deflateSync(Buffer.from(JSON.stringify(doc))).toString("base64").replace(/\+/g, "*").replace(/\//g, "-").replace(/=/g, "_");

describe("TLS signature v2", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is byte for byte what the reference implementation makes", () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW * 1000);
    for (const id of ["1", "100234", "xiaojun", "w_5-a"]) {
      const theirs = reference.genUserSig(id, 86400 * 180);
      const ours = genUserSig(KEY, id, 86400 * 180, NOW);
      expect(ours).toBe(theirs);
    }
  });

  it("carries the reference HMAC over the TLS fields", () => {
    const sig = genUserSig(KEY, "42", 604800, NOW);
    const doc = decodeUserSig(sig)!;
    expect(doc).toMatchObject({ "TLS.ver": "2.0", "TLS.identifier": "42", "TLS.sdkappid": KEY.sdkAppId, "TLS.time": NOW, "TLS.expire": 604800 });
    expect(doc["TLS.sig"]).toBe(reference._hmacsha256("42", NOW, 604800, null));
    // The variant base64 alphabet: no '+', '/' or '='.
    expect(sig).toMatch(/^[A-Za-z0-9*_-]+$/);
    const raw = JSON.parse(inflateSync(Buffer.from(sig.replace(/\*/g, "+").replace(/-/g, "/").replace(/_/g, "="), "base64")).toString());
    expect(raw).toEqual(doc);
  });

  it("verifies signatures made by the reference implementation (with and without a userbuf)", () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyUserSig(KEY, reference.genUserSig("1001", 3600), "1001", now)).toMatchObject({ ok: true, identifier: "1001", expire: 3600 });
    expect(verifyUserSig(KEY, reference.genPrivateMapKey("1001", 3600, 10000, 255), "1001", now).ok).toBe(true);
  });

  it("refuses tampered, foreign, expired and malformed signatures", () => {
    const sig = genUserSig(KEY, "42", 3600, NOW);
    const doc = decodeUserSig(sig)!;
    // Another identifier (the one asked for, or the one inside).
    expect(verifyUserSig(KEY, sig, "43", NOW)).toEqual({ ok: false, reason: "identifier" });
    expect(verifyUserSig(KEY, encode({ ...doc, "TLS.identifier": "43" }), "43", NOW)).toEqual({ ok: false, reason: "signature" });
    // A longer life or another time, keeping the old HMAC.
    expect(verifyUserSig(KEY, encode({ ...doc, "TLS.expire": 86400 * 365 }), "42", NOW)).toEqual({ ok: false, reason: "signature" });
    expect(verifyUserSig(KEY, encode({ ...doc, "TLS.time": NOW + 10 }), "42", NOW)).toEqual({ ok: false, reason: "signature" });
    // One character of the HMAC changed.
    const s = doc["TLS.sig"] as string;
    const flipped = (s[0] === "A" ? "B" : "A") + s.slice(1);
    expect(verifyUserSig(KEY, encode({ ...doc, "TLS.sig": flipped }), "42", NOW)).toEqual({ ok: false, reason: "signature" });
    // Another application's key, or another app id.
    expect(verifyUserSig({ ...KEY, secretKey: "0".repeat(64) }, sig, "42", NOW)).toEqual({ ok: false, reason: "signature" });
    expect(verifyUserSig({ ...KEY, sdkAppId: 1400000001 }, sig, "42", NOW)).toEqual({ ok: false, reason: "appid" });
    // Expired: valid up to time + expire, not at it.
    expect(verifyUserSig(KEY, sig, "42", NOW + 3599).ok).toBe(true);
    expect(verifyUserSig(KEY, sig, "42", NOW + 3600)).toEqual({ ok: false, reason: "expired" });
    expect(verifyUserSig(KEY, reference.genUserSig("42", -1), "42", Math.floor(Date.now() / 1000) + 1)).toEqual({ ok: false, reason: "expired" });
    // From the future.
    expect(verifyUserSig(KEY, genUserSig(KEY, "42", 3600, NOW + 3600), "42", NOW)).toEqual({ ok: false, reason: "future" });
    // Not a signature at all.
    for (const bad of ["", "abc", "eJw_", sig.slice(0, 20), sig + "!", encode({ "TLS.ver": "1.0" })]) {
      expect(verifyUserSig(KEY, bad, "42", NOW).ok).toBe(false);
    }
  });
});

describe("/im/getUserSig", () => {
  let t: TestBackend;
  let tencent: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend();
    tencent = await createTestBackend({ env: { TIM_SDKAPPID: String(KEY.sdkAppId), TIM_SECRET_KEY: KEY.secretKey }, seed: true });
  });
  afterAll(async () => {
    await t?.close();
    await tencent?.close();
  });

  it("needs a signed-in user", async () => {
    expect((await t.call("/im/getUserSig", {})).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("signs the user id with the built-in app id and a key generated into DATA_DIR, for 7 days", async () => {
    const token = await t.login(DEMO_LOGINS.seller);
    const res = await t.call("/im/getUserSig", {}, { token });
    expect(res.code).toBe(Code.OK);
    const me = await t.db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.seller).executeTakeFirstOrThrow();
    expect(res.data).toMatchObject({ userId: String(me.id), appId: BUILTIN_SDKAPPID });
    const secretKey = readFileSync(join(t.config.DATA_DIR, "tim-secret.key"), "utf8").trim();
    expect(secretKey).toMatch(/^[0-9a-f]{64}$/);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const v = verifyUserSig({ sdkAppId: BUILTIN_SDKAPPID, secretKey }, res.data.userSig, String(me.id), now);
    expect(v).toMatchObject({ ok: true, time: now, expire: USER_SIG_TTL_SECONDS });
    // The same key next time (it is kept in DATA_DIR).
    const again = await t.call("/im/getUserSig", {}, { token });
    expect(verifyUserSig({ sdkAppId: BUILTIN_SDKAPPID, secretKey }, again.data.userSig, String(me.id), now).ok).toBe(true);
  });

  it("with TIM_SDKAPPID and TIM_SECRET_KEY, answers exactly what Tencent's reference makes", async () => {
    const token = await tencent.login(DEMO_LOGINS.seller);
    const at = tencent.clock.now().getTime();
    const res = await tencent.call("/im/getUserSig", {}, { token });
    expect(res.code).toBe(Code.OK);
    expect(res.data.appId).toBe(KEY.sdkAppId);
    vi.useFakeTimers();
    vi.setSystemTime(at);
    try {
      expect(res.data.userSig).toBe(reference.genUserSig(res.data.userId, USER_SIG_TTL_SECONDS));
    } finally {
      vi.useRealTimers();
    }
  });
});
