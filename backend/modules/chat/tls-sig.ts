import { createHmac, timingSafeEqual } from "node:crypto";
import { deflateSync, inflateSync } from "node:zlib";

/**
 * Tencent Cloud Chat's user signature, TLS signature v2 (the algorithm of Tencent's
 * tls-sig-api-v2 packages), written here so the built-in chat service can also verify it:
 *
 *   content = "TLS.identifier:{id}\nTLS.sdkappid:{appId}\nTLS.time:{t}\nTLS.expire:{s}\n"
 *             (+ "TLS.userbuf:{b64}\n" when a userbuf is present)
 *   sig     = base64(HMAC-SHA256(secretKey, content))
 *   doc     = JSON {"TLS.ver":"2.0","TLS.identifier","TLS.sdkappid","TLS.time","TLS.expire"[,"TLS.userbuf"],"TLS.sig"}
 *   userSig = base64(zlib deflate(doc)) with '+' → '*', '/' → '-', '=' → '_'
 *
 * With TIM_SDKAPPID and TIM_SECRET_KEY of a real Tencent application, these signatures
 * are what Tencent Cloud Chat accepts.
 */

export interface TlsSigKey {
  sdkAppId: number;
  /** The application's secret key, used as given (utf-8) as the HMAC key. */
  secretKey: string;
}

const escape = (b64: string) => b64.replace(/\+/g, "*").replace(/\//g, "-").replace(/=/g, "_");
const unescape = (s: string) => s.replace(/\*/g, "+").replace(/-/g, "/").replace(/_/g, "=");

function hmac(key: TlsSigKey, identifier: string, time: number, expire: number, userbuf?: string): string {
  let content = `TLS.identifier:${identifier}\nTLS.sdkappid:${key.sdkAppId}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  if (userbuf !== undefined) content += `TLS.userbuf:${userbuf}\n`;
  return createHmac("sha256", key.secretKey).update(content, "utf8").digest("base64");
}

/** A userSig for `identifier`, valid `expireSeconds` from `nowSeconds`. */
export function genUserSig(key: TlsSigKey, identifier: string, expireSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const doc = {
    "TLS.ver": "2.0",
    "TLS.identifier": String(identifier),
    "TLS.sdkappid": Number(key.sdkAppId),
    "TLS.time": Math.floor(nowSeconds),
    "TLS.expire": Math.floor(expireSeconds),
    "TLS.sig": hmac(key, String(identifier), Math.floor(nowSeconds), Math.floor(expireSeconds)),
  };
  return escape(deflateSync(Buffer.from(JSON.stringify(doc), "utf8")).toString("base64"));
}

export type VerifyFailure = "malformed" | "version" | "identifier" | "appid" | "signature" | "expired" | "future";
export type VerifyResult = { ok: true; identifier: string; time: number; expire: number; expiresAt: number } | { ok: false; reason: VerifyFailure };

/** Signatures from the future beyond this skew are refused. */
const MAX_SKEW_SECONDS = 300;

/** Decodes a userSig without checking it (undefined when it is not one). */
export function decodeUserSig(userSig: string): Record<string, unknown> | undefined {
  if (typeof userSig !== "string" || userSig.length === 0 || userSig.length > 4096 || !/^[A-Za-z0-9*_-]+$/.test(userSig)) return undefined;
  try {
    // maxOutputLength: a small doc; a deflate bomb stops here.
    const json = inflateSync(Buffer.from(unescape(userSig), "base64"), { maxOutputLength: 8192 }).toString("utf8");
    const doc = JSON.parse(json) as unknown;
    return doc && typeof doc === "object" && !Array.isArray(doc) ? (doc as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a userSig: our application, this identifier, a valid HMAC, not expired. */
export function verifyUserSig(key: TlsSigKey, userSig: string, identifier: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult {
  const doc = decodeUserSig(userSig);
  if (!doc) return { ok: false, reason: "malformed" };
  const ver = doc["TLS.ver"];
  const id = doc["TLS.identifier"];
  const appId = doc["TLS.sdkappid"];
  const time = doc["TLS.time"];
  const expire = doc["TLS.expire"];
  const sig = doc["TLS.sig"];
  const userbuf = doc["TLS.userbuf"];
  if (ver !== "2.0") return { ok: false, reason: "version" };
  if (typeof id !== "string" || typeof sig !== "string" || !Number.isSafeInteger(time) || !Number.isSafeInteger(expire)) return { ok: false, reason: "malformed" };
  if (userbuf !== undefined && typeof userbuf !== "string") return { ok: false, reason: "malformed" };
  if (id !== identifier) return { ok: false, reason: "identifier" };
  if (Number(appId) !== key.sdkAppId) return { ok: false, reason: "appid" };
  const expected = Buffer.from(hmac(key, id, time as number, expire as number, userbuf as string | undefined), "utf8");
  const given = Buffer.from(sig, "utf8");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "signature" };
  const t = time as number;
  const e = expire as number;
  if (t > nowSeconds + MAX_SKEW_SECONDS) return { ok: false, reason: "future" };
  if (nowSeconds >= t + e) return { ok: false, reason: "expired" };
  return { ok: true, identifier: id, time: t, expire: e, expiresAt: t + e };
}
