import sharp from "sharp";
import { IMAGE_MAX_SIDE, JPEG_QUALITY_DEFAULT, JPEG_QUALITY_LOW } from "../../../contract/constants";
import { BmpError, decodeBmp } from "./bmp";

/**
 * Server-side image processing for every upload (docs/product/validation.md, docs/product/constants.md): the file's own
 * bytes decide what it is (never its name or content type); jpeg, png, gif and
 * bmp are decoded, turned upright, flattened onto white, shrunk so the longest
 * side is at most 1024 px and re-encoded as JPEG, with every piece of metadata
 * (EXIF, GPS, ICC comments, XMP) left behind. Browsers with JavaScript already
 * compress before uploading; this is also how a no-JavaScript seller's
 * full-size photos get small.
 */

export type ImageFormat = "jpeg" | "png" | "gif" | "bmp";

/** Anything we cannot read as one of the four formats: answered with 'Unsupport!'. */
export class UnsupportedImageError extends Error {
  constructor(reason: string) {
    super(`unsupported image: ${reason}`);
  }
}

/** Input pixels sharp may decode (a 100 MP phone photo fits; a decompression bomb does not). */
const MAX_INPUT_PIXELS = 120_000_000;

// Each upload is processed once: sharp's operation cache would only hold memory.
sharp.cache(false);

/** The format by magic bytes, or undefined. */
export function sniffImage(bytes: Uint8Array): ImageFormat | undefined {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return "png";
  if (b.length >= 6) {
    const head = String.fromCharCode(...b.subarray(0, 6));
    if (head === "GIF87a" || head === "GIF89a") return "gif";
  }
  if (b.length >= 18 && b[0] === 0x42 && b[1] === 0x4d) {
    const dib = b[14]! | (b[15]! << 8) | (b[16]! << 16) | (b[17]! << 24);
    if ([12, 40, 52, 56, 64, 108, 124].includes(dib)) return "bmp";
  }
  return undefined;
}

export interface ProcessedImage {
  jpeg: Buffer;
  width: number;
  height: number;
  /** What the upload was. */
  source: ImageFormat;
  /**
   * The picture as stored, before JPEG: upright, flattened onto white, resized, sRGB, 8 bits
   * a channel. The same picture in another format or with other metadata gives the same bytes
   * (what an order image's fingerprint is taken of: modules/orders/fingerprints.ts).
   */
  pixels: { data: Buffer; width: number; height: number; channels: number };
}

/** JPEG quality by upload type: 0.5 for order and avatar images, 0.8 otherwise (docs/product/constants.md). */
export function qualityFor(type: "order" | "avatar" | "cert" | string): number {
  return type === "order" || type === "avatar" ? JPEG_QUALITY_LOW : JPEG_QUALITY_DEFAULT;
}

export async function processImage(bytes: Uint8Array, opts: { quality: number; maxSide?: number }): Promise<ProcessedImage> {
  const source = sniffImage(bytes);
  if (!source) throw new UnsupportedImageError("unknown format");
  const maxSide = opts.maxSide ?? IMAGE_MAX_SIDE;
  let pipeline: sharp.Sharp;
  try {
    if (source === "bmp") {
      const { width, height, rgb } = decodeBmp(bytes);
      pipeline = sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: MAX_INPUT_PIXELS });
    } else {
      // failOn "error": a phone's slightly-off JPEG still decodes; a broken file does not.
      pipeline = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).rotate();
    }
    // Decoded once to raw pixels, then encoded from them: the pixels are the image's fingerprint.
    const { data, info } = await pipeline
      .flatten({ background: "#ffffff" })
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { data, width: info.width, height: info.height, channels: info.channels };
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .jpeg({ quality: Math.round(opts.quality * 100), mozjpeg: false })
      .toBuffer();
    return { jpeg, width: info.width, height: info.height, source, pixels };
  } catch (err) {
    if (err instanceof BmpError) throw new UnsupportedImageError(err.message);
    // sharp's message names the problem (never the bytes); the caller answers 'Unsupport!'.
    throw new UnsupportedImageError(err instanceof Error ? err.message.slice(0, 200) : "decode failed");
  }
}
