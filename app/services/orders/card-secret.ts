/**
 * The card code and image keys of an order (docs/decisions/0007), web-standard
 * only: runs in the browser (the CardSecret island) and on the server (resource
 * routes hash the secret), with no `node:` module.
 *
 *   cardSecret = base64( IV(16 bytes) ‖ AES-256-CBC-PKCS#7( UTF-8 codes joined by "\n" ) )
 *   key        = SHA-256( UTF-8 "card-code:" + secret )
 *
 * Decryption uses WebCrypto; where `crypto.subtle` is missing (plain-http origins
 * other than localhost) it falls back to crypto-js, imported lazily so the
 * library costs nothing to browsers that do not need it.
 *
 * Order images are stored under the customer key SHA-256(UTF-8 secret) (SSE-C):
 * the upload call takes it as hex, GET /blob/<path> as base64.
 */

export const CARD_CODE_KEY_PREFIX = "card-code:";

const encoder = new TextEncoder();

function subtleOrNull(): SubtleCrypto | null {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  return c && c.subtle ? c.subtle : null;
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ""));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}

function bytesToHex(bytes: Uint8Array): string {
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i].toString(16).padStart(2, "0");
  return hex;
}

async function sha256(text: string): Promise<Uint8Array> {
  const subtle = subtleOrNull();
  if (subtle) return new Uint8Array(await subtle.digest("SHA-256", encoder.encode(text)));
  const CryptoJS = await loadCryptoJs();
  return wordArrayToBytes(CryptoJS.SHA256(text));
}

/** Hex SHA-256 of a text (UTF-8): the `secret` field of an order image upload. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(await sha256(text));
}

/** Base64 SHA-256 of a text (UTF-8): the x-blob-key header of an order image. */
export async function sha256Base64(text: string): Promise<string> {
  return bytesToBase64(await sha256(text));
}

/** Thrown when a card secret cannot be decrypted (wrong secret, damaged text). */
export class CardSecretError extends Error {
  constructor(message = "The card code could not be decrypted.") {
    super(message);
    this.name = "CardSecretError";
  }
}

function splitCipherText(cardSecret: string): { iv: Uint8Array; body: Uint8Array } {
  let raw: Uint8Array;
  try {
    raw = base64ToBytes(cardSecret);
  } catch {
    throw new CardSecretError();
  }
  if (raw.length < 32 || raw.length % 16 !== 0) throw new CardSecretError();
  return { iv: raw.subarray(0, 16), body: raw.subarray(16) };
}

/** Decrypts with WebCrypto (AES-CBC; PKCS#7 padding is removed by the API). */
export async function decryptWithWebCrypto(cardSecret: string, secret: string, subtle: SubtleCrypto): Promise<string> {
  const { iv, body } = splitCipherText(cardSecret);
  const keyBytes = await subtle.digest("SHA-256", encoder.encode(CARD_CODE_KEY_PREFIX + secret));
  const key = await subtle.importKey("raw", keyBytes, { name: "AES-CBC" }, false, ["decrypt"]);
  let plain: ArrayBuffer;
  try {
    plain = await subtle.decrypt({ name: "AES-CBC", iv: iv as BufferSource }, key, body as BufferSource);
  } catch {
    throw new CardSecretError();
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new CardSecretError();
  }
}

type CryptoJsModule = typeof import("crypto-js");
let cryptoJs: Promise<CryptoJsModule> | undefined;

/** crypto-js, loaded on first use only. */
function loadCryptoJs(): Promise<CryptoJsModule> {
  cryptoJs ??= import("crypto-js").then((m) => ((m as { default?: CryptoJsModule }).default ?? m) as CryptoJsModule);
  return cryptoJs;
}

type WordArray = ReturnType<CryptoJsModule["SHA256"]>;

function wordArrayToBytes(wa: WordArray): Uint8Array {
  const out = new Uint8Array(wa.sigBytes);
  for (let i = 0; i < wa.sigBytes; i++) out[i] = (wa.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
}

/** Removes PKCS#7 padding, checking every padding byte (as WebCrypto does). */
function unpadPkcs7(bytes: Uint8Array): Uint8Array {
  const n = bytes.length ? bytes[bytes.length - 1] : 0;
  if (n < 1 || n > 16 || n > bytes.length) throw new CardSecretError();
  for (let i = bytes.length - n; i < bytes.length; i++) if (bytes[i] !== n) throw new CardSecretError();
  return bytes.subarray(0, bytes.length - n);
}

/** Decrypts with crypto-js (for browsers without `crypto.subtle`). */
export async function decryptWithCryptoJs(cardSecret: string, secret: string): Promise<string> {
  const CryptoJS = await loadCryptoJs();
  splitCipherText(cardSecret); // the same shape checks as WebCrypto
  const raw = CryptoJS.enc.Base64.parse(cardSecret.replace(/\s+/g, ""));
  const iv = CryptoJS.lib.WordArray.create(raw.words.slice(0, 4), 16);
  const ciphertext = CryptoJS.lib.WordArray.create(raw.words.slice(4), raw.sigBytes - 16);
  const key = CryptoJS.SHA256(CARD_CODE_KEY_PREFIX + secret);
  const params = CryptoJS.lib.CipherParams.create({ ciphertext });
  // No padding here: it is checked byte by byte below (crypto-js would accept bad padding).
  const padded = CryptoJS.AES.decrypt(params, key, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.NoPadding });
  const plain = unpadPkcs7(wordArrayToBytes(padded));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new CardSecretError();
  }
}

export interface DecryptOptions {
  /** Override the WebCrypto implementation; null forces the crypto-js fallback. */
  subtle?: SubtleCrypto | null;
}

/** The card code(s) of an order, as the seller typed them ("\n" between codes). */
export async function decryptCardSecret(cardSecret: string, secret: string, opts: DecryptOptions = {}): Promise<string> {
  const subtle = opts.subtle === undefined ? subtleOrNull() : opts.subtle;
  return subtle ? decryptWithWebCrypto(cardSecret, secret, subtle) : decryptWithCryptoJs(cardSecret, secret);
}
