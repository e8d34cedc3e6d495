/**
 * A small BMP decoder (libvips, and so sharp, reads no BMP): uncompressed
 * (BI_RGB) and BI_BITFIELDS bitmaps of 1, 4, 8, 16, 24 and 32 bits, bottom-up or
 * top-down, with the OS/2 (12-byte) or Windows (40+ byte) header. RLE and
 * embedded JPEG/PNG bitmaps are refused. Output: packed RGB, 3 bytes a pixel.
 */
export class BmpError extends Error {}

/** Pixels we are willing to decode (the RGB buffer is 3 bytes each). */
export const BMP_MAX_PIXELS = 25_000_000;

export interface DecodedBmp {
  width: number;
  height: number;
  /** width × height × 3 bytes, top row first. */
  rgb: Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** A colour channel given by a bit mask: its shift and the scale to 0-255. */
function channel(mask: number) {
  if (mask === 0) return { shift: 0, max: 0, mask: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((mask >>> (shift + bits)) & 1) === 1 && bits < 32) bits++;
  return { shift, max: 2 ** bits - 1, mask };
}

export function decodeBmp(buf: Uint8Array): DecodedBmp {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 26 || b[0] !== 0x42 || b[1] !== 0x4d) throw new BmpError("not a BMP");
  const dataOffset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  let width: number, rawHeight: number, bitCount: number, compression = BI_RGB, colorsUsed = 0;
  let paletteEntrySize = 4;
  if (headerSize === 12) {
    width = b.readUInt16LE(18);
    rawHeight = b.readInt16LE(20);
    bitCount = b.readUInt16LE(24);
    paletteEntrySize = 3;
  } else if (headerSize >= 40 && b.length >= 14 + 40) {
    width = b.readInt32LE(18);
    rawHeight = b.readInt32LE(22);
    bitCount = b.readUInt16LE(28);
    compression = b.readUInt32LE(30);
    colorsUsed = b.readUInt32LE(46);
  } else {
    throw new BmpError("unknown BMP header");
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > BMP_MAX_PIXELS) throw new BmpError("bad BMP size");
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new BmpError("unsupported BMP depth");
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS)
    throw new BmpError("compressed BMP");

  // Bit masks for 16 and 32 bits: defaults, or the header's (or the three dwords after a 40-byte header).
  let masks = bitCount === 16 ? [0x7c00, 0x03e0, 0x001f] : [0x00ff0000, 0x0000ff00, 0x000000ff];
  if (compression !== BI_RGB) {
    if (bitCount !== 16 && bitCount !== 32) throw new BmpError("bitfields need 16 or 32 bits");
    const at = 14 + 40;
    if (b.length < at + 12) throw new BmpError("truncated BMP");
    masks = [b.readUInt32LE(at), b.readUInt32LE(at + 4), b.readUInt32LE(at + 8)];
  }
  const [r, g, bl] = masks.map(channel) as [ReturnType<typeof channel>, ReturnType<typeof channel>, ReturnType<typeof channel>];

  // Palette for 1, 4 and 8 bits: after the header (and the bitfield masks when present).
  let palette: Buffer | undefined;
  if (bitCount <= 8) {
    const count = colorsUsed || 2 ** bitCount;
    const start = 14 + headerSize + (headerSize === 40 && compression === BI_BITFIELDS ? 12 : 0);
    palette = Buffer.alloc(256 * 3);
    for (let i = 0; i < Math.min(count, 256); i++) {
      const p = start + i * paletteEntrySize;
      if (p + 2 >= b.length) break;
      palette[i * 3] = b[p + 2]!;
      palette[i * 3 + 1] = b[p + 1]!;
      palette[i * 3 + 2] = b[p]!;
    }
  }

  const stride = Math.floor((bitCount * width + 31) / 32) * 4;
  if (dataOffset + stride * height > b.length) throw new BmpError("truncated BMP");
  const out = Buffer.alloc(width * height * 3);
  const scale = (v: number, c: ReturnType<typeof channel>) => (c.max === 0 ? 0 : Math.round((((v & c.mask) >>> c.shift) * 255) / c.max));

  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      if (palette) {
        const bit = x * bitCount;
        const byte = b[row + (bit >> 3)]!;
        const idx = bitCount === 8 ? byte : (byte >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        out[o] = palette[idx * 3]!;
        out[o + 1] = palette[idx * 3 + 1]!;
        out[o + 2] = palette[idx * 3 + 2]!;
      } else if (bitCount === 24) {
        const p = row + x * 3;
        out[o] = b[p + 2]!;
        out[o + 1] = b[p + 1]!;
        out[o + 2] = b[p]!;
      } else {
        const v = bitCount === 16 ? b.readUInt16LE(row + x * 2) : b.readUInt32LE(row + x * 4);
        out[o] = scale(v, r);
        out[o + 1] = scale(v, g);
        out[o + 2] = scale(v, bl);
      }
    }
  }
  return { width, height, rgb: out };
}
