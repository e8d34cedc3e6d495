/**
 * Cookie signing with WebCrypto (HMAC-SHA-256), so the session cookie is signed the same way on
 * Node and on an edge runtime. The format is the one @remix-run/node used (cookie-signature:
 * `value.base64(hmac)` without padding), so cookies signed before this change stay valid.
 */
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/=+$/, "");

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function sign(value: string, secret: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), encoder.encode(value));
  return `${value}.${toBase64(mac)}`;
}

/** The value when its signature is right, else false. crypto.subtle.verify compares in constant time. */
export async function unsign(signed: string, secret: string): Promise<string | false> {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return false;
  const value = signed.slice(0, dot);
  const mac = fromBase64(signed.slice(dot + 1));
  if (!mac) return false;
  return (await crypto.subtle.verify("HMAC", await keyFor(secret), mac, encoder.encode(value))) ? value : false;
}
