/**
 * /image/uploadImage and GET /blob/<path> (docs/product/validation.md, docs/product/calls.md, docs/product/constants.md; docs/decisions/0007):
 * a real backend on PGlite with the local encrypted blob store in a temp DATA_DIR.
 */
import { lookupHashFromImageKey } from "../../backend/security/order-secret";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { MSG_SECRET_UNKNOWN } from "../../backend/modules/images/handlers";
import { avatarImageKey, certImageKey } from "../../backend/modules/images/keys";
import { uploadsBelongTo } from "../../backend/modules/images/queries";
import { createTestBackend, type Envelope, type TestBackend } from "../support/backend";
import { makeBmp, makeImage, uploadImage } from "../support/images";

const sha256Hex = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const blobKeyHeader = (secretHash: string) => Buffer.from(secretHash, "hex").toString("base64");
const ORDER_PATH = /^\/blob\/order\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/;

let b: TestBackend;
let seller: string;
let seller2: string;
let advertId: number;

const upload = (file: { bytes: Uint8Array; name: string; type?: string }, fields: Record<string, string>, token?: string) => uploadImage(b, file, fields, token);

async function fetchBlob(path: string, key?: string): Promise<Response> {
  const headers = new Headers();
  if (key !== undefined) headers.set("x-blob-key", key);
  return b.backend.handle(new Request(`http://test${path}`, { headers }), { trusted: true });
}

async function freshSecret(token: string): Promise<string> {
  const res = await b.call("/advert/getAdvertDetail", { id: advertId }, { token });
  expect(res.code).toBe(Code.OK);
  return res.data.secret as string;
}

const blobFile = (path: string) => join(b.config.DATA_DIR, "blobs", ...path.replace(/^\/blob\//, "").split("/"));

beforeAll(async () => {
  b = await createTestBackend();
  seller = await b.login(DEMO_LOGINS.seller);
  seller2 = await b.login(DEMO_LOGINS.seller2);
  const advert = await b.db.selectFrom("adverts").select("id").where("status", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  advertId = advert.id;
});
afterAll(async () => {
  await b?.close();
});

describe("order images", () => {
  let secretHash: string;
  const paths: string[] = [];

  beforeAll(async () => {
    secretHash = sha256Hex(await freshSecret(seller));
  });

  it("takes a 3000x2000 PNG and stores a JPEG of at most 1024 px, served with the right key", async () => {
    const png = await makeImage("png", 3000, 2000);
    const res = await upload({ bytes: png, name: "card.png", type: "image/png" }, { type: "order", secret: secretHash }, seller);
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data!.path).toMatch(ORDER_PATH);
    paths.push(res.data!.path);

    const got = await fetchBlob(res.data!.path, blobKeyHeader(secretHash));
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(got.headers.get("cache-control")).toBe("private, no-store");
    const jpeg = Buffer.from(await got.arrayBuffer());
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1024, 683]);
    expect(meta.exif).toBeUndefined();

    // At rest: neither the JPEG nor its header in clear.
    const raw = readFileSync(blobFile(res.data!.path));
    expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    for (const at of [0, Math.floor(jpeg.length / 2), jpeg.length - 64]) {
      expect(raw.includes(jpeg.subarray(at, at + 32))).toBe(false);
    }
    const row = await b.db.selectFrom("uploads").selectAll().where("path", "=", res.data!.path).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "order", secret_hash: lookupHashFromImageKey(secretHash), bytes: jpeg.length });
    // The database knows the secret only by a hash of the image key, never the key itself.
    const dump = JSON.stringify(await b.db.selectFrom("advert_secrets").selectAll().execute()) + JSON.stringify(await b.db.selectFrom("uploads").selectAll().execute());
    expect(dump).not.toContain(secretHash);
  });

  it("takes a BMP and a GIF, whatever their names say", async () => {
    const bmp = makeBmp(120, 80, (x, y) => [x * 2, y * 3, 128]);
    const r1 = await upload({ bytes: bmp, name: "scan.bmp", type: "image/bmp" }, { type: "order", secret: secretHash }, seller);
    expect(r1.code, r1.msg).toBe(Code.OK);
    const gif = await makeImage("gif", 200, 100);
    // A GIF named .png: the bytes decide.
    const r2 = await upload({ bytes: gif, name: "photo.png", type: "image/png" }, { type: "order", secret: secretHash.toUpperCase() }, seller);
    expect(r2.code, r2.msg).toBe(Code.OK);
    for (const [res, size] of [[r1, [120, 80]], [r2, [200, 100]]] as const) {
      expect(res.data!.path).toMatch(ORDER_PATH);
      paths.push(res.data!.path);
      const got = await fetchBlob(res.data!.path, blobKeyHeader(secretHash));
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", ...size]);
    }
  });

  it("answers 'Unsupport!' for a text file named .jpg and for a non-image name and type", async () => {
    const text = Buffer.from("this is not a picture at all, just text\n".repeat(10));
    const r1 = await upload({ bytes: text, name: "card.jpg", type: "image/jpeg" }, { type: "order", secret: secretHash }, seller);
    expect(r1).toMatchObject({ code: Code.INVALID, msg: "Unsupport!" });
    const r2 = await upload({ bytes: text, name: "card.txt", type: "text/plain" }, { type: "order", secret: secretHash }, seller);
    expect(r2).toMatchObject({ code: Code.INVALID, msg: "Unsupport!" });
  });

  it("needs a login (code 3) and a secret", async () => {
    const png = await makeImage("png", 10, 10);
    expect((await upload({ bytes: png, name: "a.png" }, { type: "order", secret: secretHash })).code).toBe(Code.NOT_LOGGED_IN);
    const noSecret = await upload({ bytes: png, name: "a.png" }, { type: "order" }, seller);
    expect(noSecret.code).toBe(Code.INVALID);
    const badSecret = await upload({ bytes: png, name: "a.png" }, { type: "order", secret: "not-a-hash" }, seller);
    expect(badSecret.code).toBe(Code.INVALID);
  });

  it("refuses another user's secret hash and an unknown one; takes the seller's own used one (resubmits)", async () => {
    const png = await makeImage("png", 10, 10);
    const otherHash = sha256Hex(await freshSecret(seller2));
    expect(await upload({ bytes: png, name: "a.png" }, { type: "order", secret: otherHash }, seller)).toMatchObject({ code: Code.FAILED, msg: MSG_SECRET_UNKNOWN });
    expect(await upload({ bytes: png, name: "a.png" }, { type: "order", secret: sha256Hex("made up") }, seller)).toMatchObject({ code: Code.FAILED, msg: MSG_SECRET_UNKNOWN });
    // seller2 cannot upload under the seller's secret either
    expect(await upload({ bytes: png, name: "a.png" }, { type: "order", secret: secretHash }, seller2)).toMatchObject({ code: Code.FAILED, msg: MSG_SECRET_UNKNOWN });

    const usedHash = sha256Hex(await freshSecret(seller));
    await b.db.updateTable("advert_secrets").set({ used_at: new Date() }).where("secret_hash", "=", lookupHashFromImageKey(usedHash)).execute();
    expect(await upload({ bytes: png, name: "a.png" }, { type: "order", secret: usedHash }, seller)).toMatchObject({ code: 1 });
    expect(await upload({ bytes: png, name: "a.png" }, { type: "order", secret: usedHash }, seller2)).toMatchObject({ code: Code.FAILED, msg: MSG_SECRET_UNKNOWN });
  });

  it("serves a blob only to the right key: wrong or missing key is 403", async () => {
    const path = paths[0]!;
    const wrong = await fetchBlob(path, blobKeyHeader(sha256Hex("another secret")));
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: Code.FORBIDDEN });
    expect((await fetchBlob(path)).status).toBe(403);
    expect((await fetchBlob(path, "not base64 of 32 bytes")).status).toBe(403);
    const missing = await fetchBlob(path.replace(/[0-9a-f-]{36}/, "00000000-0000-0000-0000-000000000000"), blobKeyHeader(secretHash));
    expect(missing.status).toBe(404);
    expect((await fetchBlob("/blob/../../etc/passwd", blobKeyHeader(secretHash))).status).toBe(404);
  });

  it("uploadsBelongTo: the seller's uploads under this secret only", async () => {
    const user = await b.db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.seller).executeTakeFirstOrThrow();
    const user2 = await b.db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.seller2).executeTakeFirstOrThrow();
    expect(paths).toHaveLength(3);
    expect(await uploadsBelongTo(b.db, user.id, lookupHashFromImageKey(secretHash), paths)).toBe(true);
    expect(await uploadsBelongTo(b.db, user.id, lookupHashFromImageKey(secretHash), [paths[0]!, paths[0]!])).toBe(true);
    expect(await uploadsBelongTo(b.db, user2.id, lookupHashFromImageKey(secretHash), paths)).toBe(false);
    expect(await uploadsBelongTo(b.db, user.id, sha256Hex("other"), paths)).toBe(false);
    expect(await uploadsBelongTo(b.db, user.id, lookupHashFromImageKey(secretHash), [...paths, "/blob/order/2026/11/forged.jpg"])).toBe(false);
    expect(await uploadsBelongTo(b.db, user.id, lookupHashFromImageKey(secretHash), ["/demo/card.jpg"])).toBe(false);
  });
});

describe("avatar and KYC images", () => {
  it("stores an avatar in the blob store, served publicly at /files/avatar/ and cached; updateAvatar accepts it", async () => {
    const res = await upload({ bytes: await makeImage("jpeg", 1600, 1600, { exif: true }), name: "me.jpg", type: "image/jpeg" }, { type: "avatar" }, seller);
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data!.path).toMatch(/^\/files\/avatar\/[0-9a-f-]{36}\.jpg$/);
    const name = res.data!.path.split("/").pop()!;
    // In the blob store (encrypted at rest like every blob), not as a plain file on this disk.
    expect(existsSync(join(b.config.DATA_DIR, "files", "avatar", name))).toBe(false);
    const stored = await b.backend.services.blobs.get(`avatar/${name}`, avatarImageKey(b.backend.services.secrets));
    const served = await b.backend.handle(new Request(`http://test${res.data!.path}`), { trusted: true });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(stored)).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 1024, 1024, undefined]);
    expect((await b.call("/userInfo/updateAvatar", { avatar: res.data!.path }, { token: seller })).code).toBe(Code.OK);

    // Unknown, malformed or traversing names are 404; an avatar saved on disk by an older version is still served.
    for (const bad of ["/files/avatar/00000000-0000-0000-0000-000000000000.jpg", "/files/avatar/..%2F..%2Fsession-secret", "/files/avatar/x.jpg"]) {
      expect((await b.backend.handle(new Request(`http://test${bad}`), { trusted: true })).status).toBe(404);
    }
    const legacy = "11111111-2222-3333-4444-555555555555.jpg";
    mkdirSync(join(b.config.DATA_DIR, "files", "avatar"), { recursive: true });
    writeFileSync(join(b.config.DATA_DIR, "files", "avatar", legacy), bytes);
    expect((await b.backend.handle(new Request(`http://test/files/avatar/${legacy}`), { trusted: true })).status).toBe(200);
  });

  it("stores a KYC image encrypted under a key only the server has, and never serves it", async () => {
    const res = await upload({ bytes: await makeImage("png", 300, 200), name: "id.png", type: "image/png" }, { type: "cert" }, seller);
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data!.path).toMatch(/^\/blob\/cert\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    const key = res.data!.path.slice("/blob/".length);
    expect(existsSync(blobFile(res.data!.path))).toBe(true);
    const jpeg = await b.backend.services.blobs.get(key, certImageKey(b.backend.services.secrets, key));
    expect((await sharp(jpeg).metadata()).format).toBe("jpeg");
    const served = await fetchBlob(res.data!.path, certImageKey(b.backend.services.secrets, key).toString("base64"));
    expect(served.status).toBe(404);
  });

  it("refuses a KYC image over 2M", async () => {
    const big = Buffer.concat([await makeImage("png", 10, 10), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await upload({ bytes: big, name: "id.png", type: "image/png" }, { type: "cert" }, seller);
    expect(res).toMatchObject({ code: Code.INVALID, msg: "The image must be at most 2M." });
  });
});
