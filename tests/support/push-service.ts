import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in push service for the tests (ADR 0079), written from the RFCs, not from web-push's code:
 * it checks each request's VAPID signature (RFC 8292: Authorization "vapid t=<ES256 JWT>, k=<public
 * key>", aud = our origin, exp ahead) and decrypts its aes128gcm body (RFC 8291 over RFC 8188) with
 * the private key of a browser subscription made here.
 */

/** A browser's side of one subscription: the keys it gives the server, and the private key it keeps. */
export interface FakeBrowser {
  endpoint: string;
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

export interface ReceivedPush {
  /** The subscription's path on the stand-in ("/push/<name>"). */
  path: string;
  vapidPublicKey: string;
  jwt: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
  payload: unknown;
}

const b64 = (s: string) => Buffer.from(s, "base64url");

function verifyVapid(header: string | undefined, origin: string): { key: string; claims: ReceivedPush["jwt"] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, k] = m as unknown as [string, string, string];
  const [h, p, s] = token.split(".") as [string, string, string];
  const head = JSON.parse(b64(h).toString()) as { alg: string; typ: string };
  if (head.alg !== "ES256") throw new Error(`alg ${head.alg}`);
  const raw = b64(k);
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") }, format: "jwk" });
  if (!verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, b64(s))) throw new Error("bad VAPID signature");
  const claims = JSON.parse(b64(p).toString()) as ReceivedPush["jwt"];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp * 1000 > Date.now())) throw new Error("expired VAPID token");
  return { key: k, claims };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padding delimiter 2. */
function decryptAes128gcm(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error("more than one record");
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

export async function startPushService() {
  const browsers = new Map<string, FakeBrowser>();
  /** Paths whose subscription is gone (answered 410), or failing (answered 500). */
  const gone = new Set<string>();
  const failing = new Set<string>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? "";
      const body = await readBody(req);
      if (gone.has(path)) return res.writeHead(410).end();
      if (failing.has(path)) return res.writeHead(500).end();
      const browser = browsers.get(path);
      if (!browser) return res.writeHead(404).end();
      try {
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const { key, claims } = verifyVapid(req.headers.authorization, origin);
        received.push({ path, vapidPublicKey: key, jwt: claims, ttl: req.headers.ttl as string | undefined, payload: JSON.parse(browser.decrypt(body)) });
        res.writeHead(201).end();
      } catch (e) {
        errors.push(e instanceof Error ? e.message : String(e));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Requests refused for a bad signature or body: a test expects none. */
    errors,
    /** A new browser subscription on this service (its keys as pushManager.subscribe gives them). */
    browser(name: string): FakeBrowser {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${name}`;
      const b: FakeBrowser = {
        endpoint: origin + path,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
        decrypt: (body) => decryptAes128gcm(body, { ecdh, auth }),
      };
      browsers.set(path, b);
      return b;
    },
    goneFor: (b: FakeBrowser) => gone.add(new URL(b.endpoint).pathname),
    failingFor: (b: FakeBrowser, on = true) => (on ? failing.add(new URL(b.endpoint).pathname) : failing.delete(new URL(b.endpoint).pathname)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
