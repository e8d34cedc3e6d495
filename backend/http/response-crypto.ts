import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * The `encrypt` field of the envelope (docs/product/messages.md), when RESPONSE_ENCRYPTION_KEY is set:
 * AES-256-CBC, PKCS#7 padding, key = SHA-256(RESPONSE_ENCRYPTION_KEY), a random 16-byte IV,
 * and `encrypt` = base64(IV ‖ ciphertext) of the UTF-8 JSON of `data`.
 * The web tier decrypts it with WebCrypto (app/services/kit/response-crypto.ts).
 */
export function encryptData(data: unknown, key: string): string {
  const k = createHash("sha256").update(key, "utf8").digest();
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", k, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data ?? null), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body]).toString("base64");
}

export function decryptData(encrypted: string, key: string): unknown {
  const k = createHash("sha256").update(key, "utf8").digest();
  const raw = Buffer.from(encrypted, "base64");
  const decipher = createDecipheriv("aes-256-cbc", k, raw.subarray(0, 16));
  const text = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString("utf8");
  return JSON.parse(text);
}
