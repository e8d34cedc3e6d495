import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 (header-based), written with node:crypto so the S3
 * adapter needs no SDK. See "Authenticating Requests: Using the Authorization
 * Header" in the S3 API reference; sigv4.test.ts reproduces its GET example.
 */

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** AWS's URI encoding: every byte but A-Z a-z 0-9 - _ . ~ as %XX (uppercase); "/" kept in paths. */
export function awsUriEncode(s: string, keepSlash: boolean): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export interface SigV4Request {
  method: string;
  /** The full URL; its path must already be encoded the way it is sent (S3 encodes once). */
  url: URL;
  /** Headers to sign (names in any case). Must hold x-amz-date; host is taken from the URL when absent. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the payload (or "UNSIGNED-PAYLOAD"). */
  payloadHash: string;
}

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Result {
  authorization: string;
  signature: string;
  signedHeaders: string;
  canonicalRequest: string;
  stringToSign: string;
}

export function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams.entries()].map(([k, v]) => [awsUriEncode(k, false), awsUriEncode(v, false)] as const);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join("&");
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, date);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, "aws4_request");
}

export function signV4(req: SigV4Request, creds: SigV4Credentials): SigV4Result {
  const headers = new Map<string, string>();
  for (const [k, v] of Object.entries(req.headers)) headers.set(k.toLowerCase(), v.trim().replace(/\s+/g, " "));
  if (!headers.has("host")) headers.set("host", req.url.host);
  const stamp = headers.get("x-amz-date");
  if (!stamp || !/^\d{8}T\d{6}Z$/.test(stamp)) throw new Error("x-amz-date is required (yyyyMMddTHHmmssZ)");
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.url.pathname || "/",
    canonicalQuery(req.url),
    names.map((n) => `${n}:${headers.get(n)}\n`).join(""),
    signedHeaders,
    req.payloadHash,
  ].join("\n");
  const day = stamp.slice(0, 8);
  const scope = `${day}/${creds.region}/${creds.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signature = createHmac("sha256", signingKey(creds.secretAccessKey, day, creds.region, creds.service))
    .update(stringToSign, "utf8")
    .digest("hex");
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    signature,
    signedHeaders,
    canonicalRequest,
    stringToSign,
  };
}
