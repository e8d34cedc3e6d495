import { createHash, createHmac } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { comparableCardCode } from "../../../contract/card-codes";
import { OrderStatus } from "../../../contract/enums";
import { makeBmp, makeImage } from "../../../tests/support/images";
import { createSecretBox } from "../../security/secret-box";
import { processImage } from "../images/process";
import { codeFingerprints, imageDigest, imageFingerprints, judgeDuplicates } from "./fingerprints";

const secrets = createSecretBox("unit-test-data-key");
const digestsOf = (codes: string[]) => codeFingerprints(secrets, codes).map((f) => f.digest);
/** The pixels an order upload is fingerprinted by (store.ts). */
const uploadDigest = async (bytes: Uint8Array) => imageDigest(secrets, (await processImage(bytes, { quality: 0.5 })).pixels);

describe("comparableCardCode", () => {
  it("folds case, spaces and dashes of every kind, and full-width characters", () => {
    const forms = ["ABCD-EFGH-1234", "abcd efgh 1234", " abcd\tEFGH\u00a01234 ", "ABCD–EFGH—1234", "ABCD\u2212EFGH\u200b1234", "ａｂｃｄ－ｅｆｇｈ　１２３４"];
    for (const f of forms) expect(comparableCardCode(f)).toBe("ABCDEFGH1234");
  });

  it("keeps what tells two cards apart: other punctuation, digits, letters", () => {
    expect(comparableCardCode("ABCD.EFGH")).toBe("ABCD.EFGH");
    expect(comparableCardCode("ABCD/1234")).not.toBe(comparableCardCode("ABCD1234"));
    expect(comparableCardCode("O0")).toBe("O0");
    expect(comparableCardCode("---")).toBe("");
  });
});

describe("code fingerprints", () => {
  it("one per distinct card: the same code typed differently gives the same digest, another code another", () => {
    const [a, b] = digestsOf(["abcd-1234", "EFGH 5678"]);
    const [c] = digestsOf(["ABCD1234"]);
    expect(a).toBe(c);
    expect(b).not.toBe(a);
    expect(digestsOf(["abcd-1234", "ABCD 1234", "  "])).toHaveLength(1);
    expect(digestsOf(["---"])).toEqual([]);
  });

  it("is keyed: not a plain hash of the code, and another data key gives another digest", () => {
    const [digest] = digestsOf(["ABCD1234"]);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toBe(createHash("sha256").update("ABCD1234").digest("hex"));
    expect(digest).not.toBe(createHash("sha256").update("code\0ABCD1234").digest("hex"));
    expect(digest).not.toBe(createHmac("sha256", "").update("code\0ABCD1234").digest("hex"));
    expect(codeFingerprints(createSecretBox("another-data-key"), ["ABCD1234"])[0]!.digest).not.toBe(digest);
  });
});

describe("image fingerprints", () => {
  const pattern = (x: number, y: number): [number, number, number] => [(x * 7) & 255, (y * 5) & 255, (x * y) & 255];

  it("the same pixels as PNG, as BMP and with other metadata have one digest", async () => {
    const png = await makeImage("png", 120, 80);
    const bmp = makeBmp(120, 80, pattern);
    const withExif = await makeImage("png", 120, 80, { exif: true });
    const recompressed = await sharp(png).png({ compressionLevel: 1, adaptiveFiltering: true }).toBuffer();
    expect(Buffer.compare(png, recompressed)).not.toBe(0);
    const digest = await uploadDigest(png);
    expect(await uploadDigest(bmp)).toBe(digest);
    expect(await uploadDigest(withExif)).toBe(digest);
    expect(await uploadDigest(recompressed)).toBe(digest);
  });

  it("a different picture, or the same one cropped by a column, has another digest", async () => {
    const digest = await uploadDigest(await makeImage("png", 120, 80));
    expect(await uploadDigest(makeBmp(120, 80, (x, y) => pattern(x + 1, y)))).not.toBe(digest);
    expect(await uploadDigest(await makeImage("png", 119, 80))).not.toBe(digest);
  });

  it("uploads without a digest (before migration 019) are left out; the same picture twice is one", () => {
    expect(imageFingerprints(["a", null, "a", "b"])).toEqual([
      { kind: "image", digest: "a" },
      { kind: "image", digest: "b" },
    ]);
  });
});

describe("judgeDuplicates", () => {
  const SELLER = 7;
  const OTHER = 8;

  it("no earlier order: placed, not flagged", () => {
    expect(judgeDuplicates([], SELLER)).toEqual({ duplicateOf: null });
  });

  it("the seller's own order still open (waiting to frozen): refused, naming it", () => {
    for (const status of [OrderStatus.Waiting, OrderStatus.Processing, OrderStatus.InNegotiation, OrderStatus.InArbitration, OrderStatus.Frozen]) {
      expect(judgeDuplicates([{ id: 3, sellerId: OTHER, status: OrderStatus.Completed }, { id: 5, sellerId: SELLER, status }], SELLER)).toEqual({ refuseFor: 5 });
    }
  });

  it("another seller's order, or the seller's own completed one: placed, flagged with the earliest", () => {
    expect(judgeDuplicates([{ id: 3, sellerId: OTHER, status: OrderStatus.Waiting }], SELLER)).toEqual({ duplicateOf: 3 });
    expect(judgeDuplicates([{ id: 3, sellerId: SELLER, status: OrderStatus.Completed }, { id: 9, sellerId: OTHER, status: OrderStatus.Processing }], SELLER)).toEqual({ duplicateOf: 3 });
  });
});
