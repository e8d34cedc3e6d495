import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { imageKeyHex } from "../../security/order-secret";

/**
 * The card code at rest (ADR 0007). The server stores only
 *
 *   cardSecret = base64( IV(16 bytes) ‖ AES-256-CBC-PKCS#7( UTF-8 code ) )
 *   key        = SHA-256( UTF-8 "card-code:" + secret )
 *
 * where `secret` is the order's advert secret (the hex string getAdvertDetail issued).
 * The seller's browser decrypts it with WebCrypto (AES-CBC) or crypto-js:
 *
 *   const raw = CryptoJS.enc.Base64.parse(cardSecret);
 *   const iv = CryptoJS.lib.WordArray.create(raw.words.slice(0, 4), 16);
 *   const ct = CryptoJS.lib.WordArray.create(raw.words.slice(4), raw.sigBytes - 16);
 *   const key = CryptoJS.SHA256("card-code:" + secret);
 *   CryptoJS.AES.decrypt({ ciphertext: ct }, key, { iv }).toString(CryptoJS.enc.Utf8);
 *
 * Several codes are joined with "\n" before encryption.
 */

export const CARD_CODE_KEY_PREFIX = "card-code:";

export function cardCodeKey(secret: string): Buffer {
  return createHash("sha256").update(CARD_CODE_KEY_PREFIX + secret, "utf8").digest();
}

/** Encrypts with a given IV: only for test vectors; use encryptCardCode. */
export function encryptCardCodeWithIv(code: string, secret: string, iv: Buffer): string {
  if (iv.length !== 16) throw new Error("the IV is 16 bytes");
  const cipher = createCipheriv("aes-256-cbc", cardCodeKey(secret), iv);
  const body = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body]).toString("base64");
}

export function encryptCardCode(code: string, secret: string): string {
  return encryptCardCodeWithIv(code, secret, randomBytes(16));
}

/** Throws when the secret is wrong (bad padding) or the text is not ours. */
export function decryptCardCode(cipherText: string, secret: string): string {
  const raw = Buffer.from(cipherText, "base64");
  if (raw.length < 32 || raw.length % 16 !== 0) throw new Error("not an encrypted card code");
  const decipher = createDecipheriv("aes-256-cbc", cardCodeKey(secret), raw.subarray(0, 16));
  return Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString("utf8");
}

/**
 * A fixed test vector for other implementations (the web tier's WebCrypto / crypto-js
 * decryption): decrypting `cipherText` with `secret` must give `code`.
 */
export function cardCodeTestVector() {
  const secret = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
  const code = "ABCD-EFGH-1234-5678\nSECOND-CODE-€";
  const iv = Buffer.from("000102030405060708090a0b0c0d0e0f", "hex");
  return { secret, code, ivHex: iv.toString("hex"), keyHex: cardCodeKey(secret).toString("hex"), cipherText: encryptCardCodeWithIv(code, secret, iv) };
}

/**
 * The customer key an order's images are stored under (SSE-C, ADR 0007): the 32 bytes of
 * SHA-256(secret), base64 — what GET /blob/<path> expects in its x-blob-key header.
 */
export function imageCustomerKey(secret: string): string {
  return Buffer.from(imageKeyHex(secret), "hex").toString("base64");
}
