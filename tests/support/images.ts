/** Image bytes made in tests: BMPs written by hand; PNG, GIF and JPEG through sharp. And uploading them. */
import sharp from "sharp";
import type { Envelope, TestBackend } from "./backend";

type Rgb = [number, number, number];

/** An uncompressed BMP (BITMAPINFOHEADER). 24 or 32 bits; 8 or 1 bit with a palette. */
export function makeBmp(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  opts: { bits?: 1 | 8 | 24 | 32; topDown?: boolean; palette?: Rgb[] } = {},
): Buffer {
  const bits = opts.bits ?? 24;
  const palette = bits <= 8 ? (opts.palette ?? [[0, 0, 0], [255, 255, 255]]) : [];
  const stride = Math.floor((bits * width + 31) / 32) * 4;
  const paletteBytes = palette.length * 4;
  const dataOffset = 14 + 40 + paletteBytes;
  const size = dataOffset + stride * height;
  const b = Buffer.alloc(size);
  b.write("BM", 0, "latin1");
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(dataOffset, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(opts.topDown ? -height : height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(bits, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(stride * height, 34);
  b.writeUInt32LE(palette.length, 46);
  palette.forEach(([r, g, bl], i) => {
    b[54 + i * 4] = bl;
    b[54 + i * 4 + 1] = g;
    b[54 + i * 4 + 2] = r;
  });
  const nearest = (c: Rgb) => {
    let best = 0;
    let bestD = Infinity;
    palette.forEach((p, i) => {
      const d = (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2 + (p[2] - c[2]) ** 2;
      if (d < bestD) [best, bestD] = [i, d];
    });
    return best;
  };
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (opts.topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const c = pixel(x, y);
      if (bits === 24) {
        b[row + x * 3] = c[2];
        b[row + x * 3 + 1] = c[1];
        b[row + x * 3 + 2] = c[0];
      } else if (bits === 32) {
        b.writeUInt32LE(((c[0] << 16) | (c[1] << 8) | c[2]) >>> 0, row + x * 4);
      } else if (bits === 8) {
        b[row + x] = nearest(c);
      } else {
        if (nearest(c)) b[row + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return b;
}

/** A noisy picture (so JPEG output is not trivially small), as PNG, GIF or JPEG. */
export async function makeImage(format: "png" | "gif" | "jpeg", width: number, height: number, opts: { exif?: boolean; alpha?: boolean } = {}): Promise<Buffer> {
  const channels = opts.alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i * channels] = (x * 7) & 255;
    raw[i * channels + 1] = (y * 5) & 255;
    raw[i * channels + 2] = (x * y) & 255;
    if (opts.alpha) raw[i * channels + 3] = 0; // fully transparent
  }
  let img = sharp(raw, { raw: { width, height, channels } });
  if (opts.exif) img = img.withExif({ IFD0: { Copyright: "SECRET-EXIF-MARKER", Make: "PhoneCo" } });
  if (format === "png") return img.png().toBuffer();
  if (format === "gif") return img.gif().toBuffer();
  return img.jpeg({ quality: 90 }).toBuffer();
}

/** POST /client/image/uploadImage as multipart, the way the web tier sends it. */
export async function uploadImage(
  b: Pick<TestBackend, "backend">,
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string>,
  token?: string,
): Promise<Envelope<{ path: string }>> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "" }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const headers = new Headers({ IPv4: "10.0.0.9" });
  if (token) headers.set("Authorization", token);
  const res = await b.backend.handle(new Request("http://test/client/image/uploadImage", { method: "POST", headers, body: form }), { trusted: true });
  return (await res.json()) as Envelope<{ path: string }>;
}
