/**
 * The browser's card-code decryption (app/services/orders/card-secret.ts) against the
 * backend's encryption (backend/modules/orders/card-crypto.ts), ADR 0007:
 * WebCrypto and the crypto-js fallback must both read what the server stores.
 */
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { cardCodeTestVector, encryptCardCode, imageCustomerKey } from "../../../backend/modules/orders/card-crypto";
import {
  CardSecretError,
  decryptCardSecret,
  decryptWithCryptoJs,
  decryptWithWebCrypto,
  sha256Base64,
  sha256Hex,
} from "../../services/orders/card-secret";

const subtle = globalThis.crypto.subtle;
const secret = () => randomBytes(32).toString("hex");

const samples = [
  "ABCD-EFGH-1234-5678",
  "X",
  "exactly-16-bytes",
  "CODE-ONE\nCODE-TWO\nCODE-THREE",
  "Ünïcødé-€-券-🎁",
  "a".repeat(4000),
];

describe("card code decryption", () => {
  test.each(samples)("WebCrypto reads encryptCardCode(%#)", async (code) => {
    const s = secret();
    const cipherText = encryptCardCode(code, s);
    expect(await decryptWithWebCrypto(cipherText, s, subtle)).toBe(code);
    expect(await decryptCardSecret(cipherText, s)).toBe(code);
  });

  test.each(samples)("crypto-js fallback reads encryptCardCode(%#)", async (code) => {
    const s = secret();
    const cipherText = encryptCardCode(code, s);
    expect(await decryptWithCryptoJs(cipherText, s)).toBe(code);
    // What a browser without crypto.subtle takes.
    expect(await decryptCardSecret(cipherText, s, { subtle: null })).toBe(code);
  });

  test("the backend's fixed test vector", async () => {
    const v = cardCodeTestVector();
    expect(await decryptWithWebCrypto(v.cipherText, v.secret, subtle)).toBe(v.code);
    expect(await decryptWithCryptoJs(v.cipherText, v.secret)).toBe(v.code);
  });

  test("a wrong secret is refused by both, never returns garbage", async () => {
    for (let i = 0; i < 20; i++) {
      const cipherText = encryptCardCode("ABCD-EFGH-1234-5678", secret());
      const wrong = secret();
      await expect(decryptWithWebCrypto(cipherText, wrong, subtle)).rejects.toBeInstanceOf(CardSecretError);
      await expect(decryptWithCryptoJs(cipherText, wrong)).rejects.toBeInstanceOf(CardSecretError);
    }
  });

  test("damaged text is refused", async () => {
    const s = secret();
    for (const bad of ["", "not base64 !!", "AAAA", randomBytes(40).toString("base64")]) {
      await expect(decryptCardSecret(bad, s)).rejects.toBeInstanceOf(CardSecretError);
      await expect(decryptCardSecret(bad, s, { subtle: null })).rejects.toBeInstanceOf(CardSecretError);
    }
  });
});

describe("secret hashes", () => {
  test("hex SHA-256 (upload) and base64 SHA-256 (x-blob-key) match the backend", async () => {
    const s = secret();
    expect(await sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
    expect(await sha256Base64(s)).toBe(imageCustomerKey(s));
  });
});
