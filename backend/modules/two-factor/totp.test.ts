import { Secret, TOTP, URI } from "otpauth";
import { describe, expect, test } from "vitest";
import { formatRecoveryCode, isAppCode, isRecoveryCode, normalizeSecondFactor } from "../../../contract/two-factor";
import { createSecretBox } from "../../security/secret-box";
import { challengeHolds, challengeUserId, issueChallenge, CHALLENGE_SECONDS } from "./challenge";
import { codeAt, matchStep, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from "./totp";

/** RFC 6238's test secret ("12345678901234567890" as ASCII) and its SHA-1 vectors (the last 6 digits of the 8). */
const RFC_SECRET = new Secret({ buffer: new TextEncoder().encode("12345678901234567890").buffer }).base32;
const RFC_VECTORS: Array<[number, string]> = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP", () => {
  test("codes are RFC 6238's (SHA-1, 30 s, 6 digits)", () => {
    for (const [seconds, code] of RFC_VECTORS) expect(codeAt(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  test("a code is accepted for its own step and one step either side, and answers that step", () => {
    const now = new Date(Date.UTC(2026, 10, 28, 12, 0, 10));
    const step = Math.floor(now.getTime() / 30_000);
    const secret = newTotpSecret();
    for (const offset of [-1, 0, 1]) {
      expect(matchStep(secret, codeAt(secret, new Date(now.getTime() + offset * 30_000)), now)).toBe(step + offset);
    }
    for (const offset of [-3, -2, 2, 3]) {
      const code = codeAt(secret, new Date(now.getTime() + offset * 30_000));
      // (a code of a far step may repeat a near one by chance: 3 in a million)
      if (![-1, 0, 1].some((o) => codeAt(secret, new Date(now.getTime() + o * 30_000)) === code)) expect(matchStep(secret, code, now)).toBeNull();
    }
    expect(matchStep(secret, "12345", now)).toBeNull();
    expect(matchStep(secret, "abcdef", now)).toBeNull();
  });

  test("a new secret is 160 random bits in base32, and its URI is what an app scans", () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const uri = otpauthUri(a, "ada@example.com");
    expect(uri.startsWith("otpauth://totp/GiftMarket:ada%40example.com?")).toBe(true);
    const parsed = URI.parse(uri) as TOTP;
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.issuer).toBe("GiftMarket");
    expect(parsed.secret.base32).toBe(a);
    expect([parsed.algorithm, parsed.digits, parsed.period]).toEqual(["SHA1", 6, 30]);
  });
});

describe("recovery codes", () => {
  const box = createSecretBox("unit-test-key");

  test("ten codes of ten unambiguous characters, all different, shown as two groups of five", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-hj-km-np-z2-9]{10}$/);
      expect(isRecoveryCode(c)).toBe(true);
      expect(isAppCode(c)).toBe(false);
      expect(formatRecoveryCode(c)).toBe(`${c.slice(0, 5)}-${c.slice(5)}`);
    }
  });

  test("read as typed: spaces, dashes and case do not matter", () => {
    expect(normalizeSecondFactor(" ABCDE-fghjk ")).toBe("abcdefghjk");
    expect(normalizeSecondFactor("123 456")).toBe("123456");
    expect(isAppCode(normalizeSecondFactor("123 456"))).toBe(true);
  });

  test("kept as a keyed hash bound to the user: not the code, not another user's, not another key's", () => {
    const h = recoveryCodeHash(box, 7, "abcdefghjk");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain("abcdefghjk");
    expect(recoveryCodeHash(box, 7, "abcdefghjk")).toBe(h);
    expect(recoveryCodeHash(box, 8, "abcdefghjk")).not.toBe(h);
    expect(recoveryCodeHash(box, 7, "abcdefghjm")).not.toBe(h);
    expect(recoveryCodeHash(createSecretBox("another-key"), 7, "abcdefghjk")).not.toBe(h);
  });
});

describe("sign-in challenge", () => {
  const secrets = createSecretBox("unit-test-key");
  const now = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
  const user = { id: 42, password_hash: "scrypt$1024$8$1$salt$hash" };
  const device = "device-hash-a";

  test("holds for its user, device and password until it expires", () => {
    const c = issueChallenge({ secrets, now }, user, device);
    expect(c.expiresAt).toBe(now.getTime() + CHALLENGE_SECONDS * 1000);
    expect(challengeUserId(c.challenge)).toBe(42);
    expect(challengeHolds({ secrets, now }, c.challenge, user, device)).toBe(true);
    expect(challengeHolds({ secrets, now: new Date(c.expiresAt - 1) }, c.challenge, user, device)).toBe(true);
    // Late, another device, another password, another user, another key, tampered: refused.
    expect(challengeHolds({ secrets, now: new Date(c.expiresAt) }, c.challenge, user, device)).toBe(false);
    expect(challengeHolds({ secrets, now }, c.challenge, user, "device-hash-b")).toBe(false);
    expect(challengeHolds({ secrets, now }, c.challenge, user, null)).toBe(false);
    expect(challengeHolds({ secrets, now }, c.challenge, { ...user, password_hash: "scrypt$1024$8$1$salt$other" }, device)).toBe(false);
    expect(challengeHolds({ secrets, now }, c.challenge, { ...user, id: 43 }, device)).toBe(false);
    expect(challengeHolds({ secrets: createSecretBox("another-key"), now }, c.challenge, user, device)).toBe(false);
    const [id, exp, nonce, mac] = c.challenge.split(".");
    expect(challengeHolds({ secrets, now }, [id, Number(exp) + 60_000, nonce, mac].join("."), user, device)).toBe(false);
    expect(challengeHolds({ secrets, now }, [43, exp, nonce, mac].join("."), { ...user, id: 43 }, device)).toBe(false);
    expect(challengeHolds({ secrets, now }, "garbage", user, device)).toBe(false);
    expect(challengeUserId("garbage")).toBeNull();
  });

  test("each one is different, and a client without a device id gets one bound to having none", () => {
    const a = issueChallenge({ secrets, now }, user, null);
    const b = issueChallenge({ secrets, now }, user, null);
    expect(a.challenge).not.toBe(b.challenge);
    expect(challengeHolds({ secrets, now }, a.challenge, user, null)).toBe(true);
    expect(challengeHolds({ secrets, now }, a.challenge, user, device)).toBe(false);
  });
});
