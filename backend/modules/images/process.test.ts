import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeBmp, makeImage } from "../../../tests/support/images";
import { processImage, qualityFor, sniffImage, UnsupportedImageError } from "./process";

const pixelAt = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};
const near = (a: number[], b: number[], tol = 24) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

describe("image processing", () => {
  it("sniffs by magic bytes, not by name", async () => {
    expect(sniffImage(await makeImage("png", 4, 4))).toBe("png");
    expect(sniffImage(await makeImage("gif", 4, 4))).toBe("gif");
    expect(sniffImage(await makeImage("jpeg", 4, 4))).toBe("jpeg");
    expect(sniffImage(makeBmp(2, 2, () => [0, 0, 0]))).toBe("bmp");
    expect(sniffImage(Buffer.from("hello, I am a text file"))).toBeUndefined();
    expect(sniffImage(Buffer.from("BM but not a bitmap at all"))).toBeUndefined();
  });

  it("shrinks to 1024 px on the longest side and never enlarges", async () => {
    const big = await processImage(await makeImage("png", 3000, 2000), { quality: 0.5 });
    expect([big.width, big.height]).toEqual([1024, 683]);
    const tall = await processImage(await makeImage("jpeg", 900, 2400), { quality: 0.8 });
    expect([tall.width, tall.height]).toEqual([384, 1024]);
    const small = await processImage(await makeImage("gif", 40, 30), { quality: 0.8 });
    expect([small.width, small.height]).toEqual([40, 30]);
    expect((await sharp(big.jpeg).metadata()).format).toBe("jpeg");
  });

  it("uses quality 0.5 for order and avatar images, 0.8 otherwise", async () => {
    expect(qualityFor("order")).toBe(0.5);
    expect(qualityFor("avatar")).toBe(0.5);
    expect(qualityFor("cert")).toBe(0.8);
    const src = await makeImage("png", 600, 400);
    const low = await processImage(src, { quality: 0.5 });
    const high = await processImage(src, { quality: 0.8 });
    expect(low.jpeg.length).toBeLessThan(high.jpeg.length);
  });

  it("strips EXIF (and any GPS) from the output", async () => {
    const src = await makeImage("jpeg", 64, 48, { exif: true });
    expect((await sharp(src).metadata()).exif).toBeDefined();
    expect(src.includes(Buffer.from("SECRET-EXIF-MARKER"))).toBe(true);
    const out = await processImage(src, { quality: 0.5 });
    const meta = await sharp(out.jpeg).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.jpeg.includes(Buffer.from("SECRET-EXIF-MARKER"))).toBe(false);
    expect(out.jpeg.includes(Buffer.from("Exif\0"))).toBe(false);
  });

  it("turns a photo upright by its EXIF orientation before dropping it", async () => {
    const src = await sharp(await makeImage("jpeg", 80, 40)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(src).metadata()).orientation).toBe(6);
    const out = await processImage(src, { quality: 0.8 });
    expect([out.width, out.height]).toEqual([40, 80]);
  });

  it("flattens transparency onto white", async () => {
    const out = await processImage(await makeImage("png", 20, 20, { alpha: true }), { quality: 0.8 });
    expect(near(await pixelAt(out.jpeg, 10, 10), [255, 255, 255])).toBe(true);
  });

  it("decodes BMPs: 24-bit bottom-up, 32-bit top-down, 8-bit and 1-bit palettes", async () => {
    const quadrants = (x: number, y: number): [number, number, number] =>
      y < 20 ? (x < 30 ? [255, 0, 0] : [0, 255, 0]) : x < 30 ? [0, 0, 255] : [255, 255, 255];
    const palette: [number, number, number][] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]];
    for (const opts of [{ bits: 24 as const }, { bits: 32 as const, topDown: true }, { bits: 8 as const, palette }]) {
      const out = await processImage(makeBmp(60, 40, quadrants, opts), { quality: 0.8 });
      expect([out.width, out.height, out.source]).toEqual([60, 40, "bmp"]);
      expect(near(await pixelAt(out.jpeg, 5, 5), [255, 0, 0])).toBe(true);
      expect(near(await pixelAt(out.jpeg, 55, 5), [0, 255, 0])).toBe(true);
      expect(near(await pixelAt(out.jpeg, 5, 35), [0, 0, 255])).toBe(true);
      expect(near(await pixelAt(out.jpeg, 55, 35), [255, 255, 255])).toBe(true);
    }
    const mono = await processImage(makeBmp(33, 9, (x) => (x < 16 ? [0, 0, 0] : [255, 255, 255]), { bits: 1 }), { quality: 0.8 });
    expect(near(await pixelAt(mono.jpeg, 2, 4), [0, 0, 0])).toBe(true);
    expect(near(await pixelAt(mono.jpeg, 30, 4), [255, 255, 255])).toBe(true);
  });

  it("refuses text, truncated and corrupt files as unsupported", async () => {
    await expect(processImage(Buffer.from("just some text, named photo.jpg"), { quality: 0.5 })).rejects.toBeInstanceOf(UnsupportedImageError);
    const bmp = makeBmp(50, 50, () => [1, 2, 3]);
    await expect(processImage(bmp.subarray(0, 200), { quality: 0.5 })).rejects.toBeInstanceOf(UnsupportedImageError);
    const png = await makeImage("png", 50, 50);
    await expect(processImage(Buffer.concat([png.subarray(0, 40), Buffer.alloc(100, 7)]), { quality: 0.5 })).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(processImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), { quality: 0.5 })).rejects.toBeInstanceOf(UnsupportedImageError);
  });
});
