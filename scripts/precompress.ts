/**
 * Precompresses the hashed web build (public/build) once, at build time: a `.br` (brotli, best
 * quality) and a `.gz` (gzip -9) beside every script, style sheet and source text, so the server
 * sends the smallest file the browser accepts and never compresses the same file twice
 * (server/static-assets.ts). Run by `npm run build`, `npm start` and `npm test` after `remix build`.
 *
 *   node --import tsx scripts/precompress.ts [dir]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What compresses: text. Images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|map|json|svg|txt)$/;
/** A compressed copy is kept only when it saves more than its Content-Encoding header costs. */
const MIN_SAVING = 32;

export function precompressDir(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const sub = precompressDir(path);
      for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += sub[k];
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = gzipSync(raw, { level: 9 });
    // Small scripts are most of a page's files (esbuild's shared chunks): compress them too.
    if (raw.length - br.length < MIN_SAVING) continue;
    writeFileSync(`${path}.br`, br);
    if (raw.length - gz.length >= MIN_SAVING) writeFileSync(`${path}.gz`, gz);
    total.files += 1;
    total.bytes += raw.length;
    total.br += br.length;
    total.gz += gz.length;
  }
  return total;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? join(fileURLToPath(new URL("..", import.meta.url)), "public", "build");
  const t = precompressDir(dir);
  console.log(`precompressed ${t.files} files in ${dir}: ${t.bytes} bytes → brotli ${t.br}, gzip ${t.gz}`);
}
