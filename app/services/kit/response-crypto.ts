/**
 * Decrypts the envelope's `encrypt` field with WebCrypto (web-standard, runs on
 * any edge). Scheme (see backend/http/response-crypto.ts): AES-256-CBC, PKCS#7,
 * key = SHA-256(RESPONSE_ENCRYPTION_KEY), base64(IV ‖ ciphertext) of the JSON.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string) {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "AES-CBC" }, false, ["decrypt"]));
    keys.set(secret, k);
  }
  return k;
}

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function decryptResponse(encrypted: string, secret: string): Promise<unknown> {
  const raw = fromBase64(encrypted);
  const plain = await crypto.subtle.decrypt({ name: "AES-CBC", iv: raw.slice(0, 16) }, await keyFor(secret), raw.slice(16));
  return JSON.parse(new TextDecoder().decode(plain));
}
