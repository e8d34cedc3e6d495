import { createHash } from "node:crypto";
import { assertBlobPath, assertCustomerKey, BlobKeyError, BlobNotFoundError, type BlobStore, type S3Settings } from "./blob-store";
import { amzDate, awsUriEncode, EMPTY_SHA256, sha256Hex, signV4 } from "./sigv4";

/**
 * An S3-compatible bucket with server-side encryption under customer-provided keys
 * (SSE-C): every PUT and GET carries the key (base64) and its MD5; the object store
 * encrypts with it and keeps only a salted HMAC of it. Path-style URLs
 * (<endpoint>/<bucket>/<key>), so MinIO, Ceph, R2 and AWS all work. Requests are
 * signed with SigV4 (./sigv4.ts). Neither the key nor the bytes ever reach a log or an
 * error message.
 */
export function createS3BlobStore(settings: S3Settings, opts: { fetch?: typeof fetch; now?: () => Date; timeoutMs?: number } = {}): BlobStore {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const base = settings.endpoint.replace(/\/+$/, "");
  const creds = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3" };

  const urlOf = (path: string) => {
    assertBlobPath(path);
    return new URL(`${base}/${awsUriEncode(settings.bucket, false)}/${awsUriEncode(path, true)}`);
  };

  const sseHeaders = (key: Buffer) => ({
    "x-amz-server-side-encryption-customer-algorithm": "AES256",
    "x-amz-server-side-encryption-customer-key": key.toString("base64"),
    "x-amz-server-side-encryption-customer-key-md5": createHash("md5").update(key).digest("base64"),
  });

  async function send(method: string, url: URL, extra: Record<string, string>, body?: Uint8Array): Promise<Response> {
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = { ...extra, "x-amz-date": amzDate(now()), "x-amz-content-sha256": payloadHash, host: url.host };
    const { authorization } = signV4({ method, url, headers, payloadHash }, creds);
    const { host: _host, ...sent } = headers; // fetch sets Host from the URL
    return doFetch(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  /** S3's error code (<Code>...</Code>), for the message: never the request. */
  async function errorCode(res: Response): Promise<string> {
    const text = await res.text().catch(() => "");
    return /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? "";
  }

  const CREDENTIAL_ERRORS = new Set(["SignatureDoesNotMatch", "InvalidAccessKeyId", "RequestTimeTooSkewed", "ExpiredToken", "InvalidToken"]);

  return {
    kind: "s3",
    async put(path, bytes, customerKey) {
      assertCustomerKey(customerKey);
      const res = await send("PUT", urlOf(path), { "content-type": "application/octet-stream", ...sseHeaders(customerKey) }, bytes);
      if (!res.ok) throw new Error(`S3 PUT failed: HTTP ${res.status} ${await errorCode(res)}`.trim());
      await res.arrayBuffer().catch(() => undefined);
    },
    async get(path, customerKey) {
      assertCustomerKey(customerKey);
      const res = await send("GET", urlOf(path), sseHeaders(customerKey));
      if (res.ok) return Buffer.from(await res.arrayBuffer());
      const code = await errorCode(res);
      if (res.status === 404) throw new BlobNotFoundError();
      // A wrong customer key: 403 on AWS, 400 on some compatible stores.
      if ((res.status === 403 && !CREDENTIAL_ERRORS.has(code)) || (res.status === 400 && /encrypt|key/i.test(code))) throw new BlobKeyError();
      throw new Error(`S3 GET failed: HTTP ${res.status} ${code}`.trim());
    },
    async delete(path) {
      const res = await send("DELETE", urlOf(path), {});
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: HTTP ${res.status} ${await errorCode(res)}`.trim());
      await res.arrayBuffer().catch(() => undefined);
    },
  };
}
