import { createHash, createHmac, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobKeyError, BlobNotFoundError } from "./blob-store";
import { createLocalBlobStore } from "./blob-store-local";
import { createS3BlobStore } from "./blob-store-s3";

const plaintext = Buffer.from("\xff\xd8\xff a pretend JPEG with a recognisable marker: CARD-IMAGE-PLAINTEXT-1234567890 ".repeat(20), "latin1");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe("local blob store", () => {
  const root = mkdtempSync(join(tmpdir(), "blobs-"));
  const store = createLocalBlobStore(root);
  const key = randomBytes(32);

  it("round-trips with the right key", async () => {
    await store.put("order/2026/11/a.jpg", plaintext, key);
    expect((await store.get("order/2026/11/a.jpg", key)).equals(plaintext)).toBe(true);
  });

  it("refuses a wrong key without giving anything back", async () => {
    await expect(store.get("order/2026/11/a.jpg", randomBytes(32))).rejects.toBeInstanceOf(BlobKeyError);
  });

  it("keeps neither the plaintext nor the key on disk", () => {
    const files = filesUnder(root);
    expect(files).toEqual([join(root, "order", "2026", "11", "a.jpg")]);
    const raw = readFileSync(files[0]!);
    expect(raw.includes(Buffer.from("CARD-IMAGE-PLAINTEXT"))).toBe(false);
    expect(raw.includes(key)).toBe(false);
    expect(raw.includes(Buffer.from(key.toString("base64")))).toBe(false);
  });

  it("does not decrypt a file moved to another path", async () => {
    const { copyFileSync, mkdirSync } = await import("node:fs");
    mkdirSync(join(root, "order", "2026", "12"), { recursive: true });
    copyFileSync(join(root, "order", "2026", "11", "a.jpg"), join(root, "order", "2026", "12", "b.jpg"));
    await expect(store.get("order/2026/12/b.jpg", key)).rejects.toBeInstanceOf(BlobKeyError);
  });

  it("answers not found, deletes, and refuses unsafe paths and short keys", async () => {
    await expect(store.get("order/none.jpg", key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete("order/2026/11/a.jpg");
    await store.delete("order/2026/11/a.jpg");
    await expect(store.get("order/2026/11/a.jpg", key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.put("../escape.jpg", plaintext, key)).rejects.toThrow(/path/);
    await expect(store.put("/abs.jpg", plaintext, key)).rejects.toThrow(/path/);
    await expect(store.put("order/x.jpg", plaintext, randomBytes(16))).rejects.toThrow(/32 bytes/);
  });
});

/**
 * A fake S3 on 127.0.0.1: checks each request's SigV4 signature independently (its own
 * canonicalisation below, not the adapter's), the payload hash and the SSE-C headers,
 * then stores objects with the MD5 of their customer key, as S3 does.
 */
describe("S3 blob store against a fake S3", () => {
  const creds = { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret-key", region: "eu-test-1" };
  const objects = new Map<string, { body: Buffer; keyMd5: string }>();
  const seen: { method: string; url: string; signedHeaders: string; sse: boolean; ok: boolean }[] = [];
  let server: Server;
  let endpoint: string;

  const hmac = (k: string | Buffer, d: string) => createHmac("sha256", k).update(d).digest();
  const sha = (d: string | Buffer) => createHash("sha256").update(d).digest("hex");

  function verifySignature(req: IncomingMessage, body: Buffer): boolean {
    const auth = req.headers.authorization ?? "";
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m || m[1] !== creds.accessKeyId || m[3] !== creds.region) return false;
    const [, , day, region, signed, signature] = m as unknown as [string, string, string, string, string, string];
    const names = signed.split(";");
    for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) if (!names.includes(required)) return false;
    // every x-amz-* header sent must be signed
    for (const h of Object.keys(req.headers)) if (h.startsWith("x-amz-") && !names.includes(h)) return false;
    if (req.headers["x-amz-content-sha256"] !== sha(body)) return false;
    const url = new URL(req.url!, "http://x");
    const canonical = [
      req.method,
      url.pathname,
      "",
      names.map((n) => `${n}:${String(req.headers[n] ?? "").trim()}\n`).join(""),
      signed,
      req.headers["x-amz-content-sha256"],
    ].join("\n");
    const date = String(req.headers["x-amz-date"]);
    const sts = ["AWS4-HMAC-SHA256", date, `${day}/${region}/s3/aws4_request`, sha(canonical)].join("\n");
    const kSigning = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), region), "s3"), "aws4_request");
    return createHmac("sha256", kSigning).update(sts).digest("hex") === signature;
  }

  const xmlError = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>x</Message></Error>`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        const ok = verifySignature(req, body);
        const alg = req.headers["x-amz-server-side-encryption-customer-algorithm"];
        const keyB64 = String(req.headers["x-amz-server-side-encryption-customer-key"] ?? "");
        const keyMd5 = String(req.headers["x-amz-server-side-encryption-customer-key-md5"] ?? "");
        const key = Buffer.from(keyB64, "base64");
        const sse = alg === "AES256" && key.length === 32 && createHash("md5").update(key).digest("base64") === keyMd5;
        seen.push({ method: req.method!, url: req.url!, signedHeaders: /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? "")?.[1] ?? "", sse, ok });
        if (!ok) return res.writeHead(403).end(xmlError("SignatureDoesNotMatch"));
        const name = decodeURIComponent(req.url!);
        if (req.method === "PUT") {
          if (!sse) return res.writeHead(400).end(xmlError("InvalidArgument"));
          objects.set(name, { body, keyMd5 });
          return res.writeHead(200, { etag: '"x"' }).end();
        }
        if (req.method === "GET") {
          const obj = objects.get(name);
          if (!obj) return res.writeHead(404).end(xmlError("NoSuchKey"));
          if (!sse || obj.keyMd5 !== keyMd5) return res.writeHead(403).end(xmlError("AccessDenied"));
          return res.writeHead(200, { "content-type": "application/octet-stream" }).end(obj.body);
        }
        if (req.method === "DELETE") {
          objects.delete(name);
          return res.writeHead(204).end();
        }
        res.writeHead(405).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("PUTs and GETs signed requests with SSE-C headers, path-style, and round-trips", async () => {
    const store = createS3BlobStore({ endpoint, bucket: "cards", ...creds });
    const key = randomBytes(32);
    await store.put("order/2026/11/x.jpg", plaintext, key);
    expect((await store.get("order/2026/11/x.jpg", key)).equals(plaintext)).toBe(true);
    expect(seen.map((s) => [s.method, s.url, s.ok, s.sse])).toEqual([
      ["PUT", "/cards/order/2026/11/x.jpg", true, true],
      ["GET", "/cards/order/2026/11/x.jpg", true, true],
    ]);
    expect(seen[0]!.signedHeaders).toContain("x-amz-server-side-encryption-customer-key-md5");
    expect(objects.get("/cards/order/2026/11/x.jpg")!.body.equals(plaintext)).toBe(true);
  });

  it("maps a wrong key to BlobKeyError, a missing object to BlobNotFoundError, and deletes", async () => {
    const store = createS3BlobStore({ endpoint, bucket: "cards", ...creds });
    await expect(store.get("order/2026/11/x.jpg", randomBytes(32))).rejects.toBeInstanceOf(BlobKeyError);
    await expect(store.get("order/nope.jpg", randomBytes(32))).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.delete("order/2026/11/x.jpg");
    expect(objects.size).toBe(0);
  });

  it("reports bad credentials as an error, not as a wrong customer key", async () => {
    const store = createS3BlobStore({ endpoint, bucket: "cards", ...creds, secretAccessKey: "wrong" });
    const err = await store.get("order/a.jpg", randomBytes(32)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(BlobKeyError);
    expect(String(err)).toMatch(/SignatureDoesNotMatch/);
  });
});
