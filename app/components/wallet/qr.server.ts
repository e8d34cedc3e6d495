/**
 * QR codes for the deposit addresses, made on our server with the `qrcode`
 * package (no external QR service): the module matrix as one SVG path, so the
 * page can inline it (it shows without JavaScript and costs no extra request).
 */
// The package's core only: its main module also brings the PNG and file renderers (Node's fs and
// zlib), which neither the page nor an edge runtime needs.
import { create as createQr } from "qrcode/lib/core/qrcode.js";

export interface QrSvg {
  /** viewBox size (modules plus a 4-module quiet zone on each side). */
  size: number;
  /** The dark modules as one path, 1 unit per module. */
  path: string;
}

const QUIET = 4;
const cache = new Map<string, QrSvg>();

export function qrSvg(text: string): QrSvg | null {
  if (!text) return null;
  const hit = cache.get(text);
  if (hit) return hit;
  try {
    const { modules } = createQr(text, { errorCorrectionLevel: "M" });
    const n = modules.size;
    const parts: string[] = [];
    for (let row = 0; row < n; row++) {
      // Runs of dark modules on a row become one rectangle.
      let col = 0;
      while (col < n) {
        if (!modules.data[row * n + col]) {
          col++;
          continue;
        }
        const start = col;
        while (col < n && modules.data[row * n + col]) col++;
        parts.push(`M${start + QUIET} ${row + QUIET}h${col - start}v1h-${col - start}z`);
      }
    }
    const svg = { size: n + QUIET * 2, path: parts.join("") };
    if (cache.size > 20) cache.clear();
    cache.set(text, svg);
    return svg;
  } catch {
    return null;
  }
}
