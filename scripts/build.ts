/**
 * Builds the web tier the one way every command uses (`npm run build`, `npm start`, `npm test`):
 *   1. `remix build --sourcemap`;
 *   2. the first load's shared chunks merged into a few files (merge-chunks.ts, ADR 0040);
 *   3. the browser build's source maps move out of public/build into build/client-maps (the
 *      server never serves them; the JavaScript budget test reads them to name the modules
 *      a page's bytes come from), and the scripts lose their sourceMappingURL comment;
 *   4. the stylesheet's text written into the server bundle (embed-stylesheet.ts, ADR 0044);
 *   5. the touches script of islands-only pages and their islands built, and their addresses
 *      written into the server bundle (build-touches.ts, build-islands.ts, ADR 0067);
 *   6. the service worker with this build's offline shell written to public/sw.js (build-worker.ts, ADR 0077);
 *   7. the hashed files are precompressed (precompress.ts).
 *
 *   node --import tsx scripts/build.ts
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIslands } from "./build-islands";
import { buildTouches } from "./build-touches";
import { buildWorker } from "./build-worker";
import { embedStylesheet } from "./embed-stylesheet";
import { CSS_SOURCE_MAP_COMMENT, filesUnder, SOURCE_MAP_COMMENT } from "./files";
import { MERGE_GROUPS, mergeChunks } from "./merge-chunks";
import { precompressDir } from "./precompress";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLIENT_BUILD = join(ROOT, "public", "build");
export const CLIENT_MAPS = join(ROOT, "build", "client-maps");

/** Moves every `.map` of the browser build to CLIENT_MAPS (same relative path) and unlinks it from its script or stylesheet. */
export function stashClientMaps(buildDir = CLIENT_BUILD, mapsDir = CLIENT_MAPS): number {
  rmSync(mapsDir, { recursive: true, force: true });
  let moved = 0;
  for (const path of filesUnder(buildDir)) {
    if (path.endsWith(".map")) {
      const to = join(mapsDir, relative(buildDir, path));
      mkdirSync(dirname(to), { recursive: true });
      renameSync(path, to);
      moved += 1;
    } else if (/\.(m?js|css)$/.test(path)) {
      const text = readFileSync(path, "utf8");
      const comment = path.endsWith(".css") ? CSS_SOURCE_MAP_COMMENT : SOURCE_MAP_COMMENT;
      if (comment.test(text)) writeFileSync(path, text.replace(comment, ""));
    }
  }
  return moved;
}

/** Files that shape no build: the tests beside the code (`*.test.ts` under app/), read by vitest only. */
const NOT_A_SOURCE = /\.test\.tsx?$/;

/** The newest modification time of a file, or of any source file under a directory. */
function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return NOT_A_SOURCE.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The scripts whose change changes what `npm run build` makes: this file and the steps it runs. */
export const BUILD_SCRIPTS = ["build.ts", "build-islands.ts", "build-touches.ts", "build-worker.ts", "embed-stylesheet.ts", "files.ts", "merge-chunks.ts", "minify-scripts.ts", "precompress.ts"].map((f) => join("scripts", f));

/**
 * Whether `builtFile` is missing or older than the web tier's sources (npm start, npm run
 * start:edge): app/ and contract/ less their tests, the build's config and scripts, and
 * `extraSources` (files or directories under `root`).
 */
export function buildIsStale(builtFile: string, extraSources: string[] = [], root = ROOT): boolean {
  if (!existsSync(builtFile)) return true;
  const built = statSync(builtFile).mtimeMs;
  const sources = ["app", "contract", "remix.config.js", "tailwind.config.ts", "package.json", ...BUILD_SCRIPTS, ...extraSources];
  return Math.max(...sources.map((p) => newestMtime(join(root, p)))) > built;
}

/** Runs the whole build; returns the exit code (0 when built). */
export async function buildWebTier(): Promise<number> {
  const cli = join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js");
  const r = spawnSync(process.execPath, [cli, "build", "--sourcemap"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) return r.status ?? 1;
  // MERGE_CHUNKS=off keeps the compiler's chunks (to measure what merging changes).
  if (process.env.MERGE_CHUNKS !== "off") {
    const merged = await mergeChunks({ buildDir: CLIENT_BUILD, serverFiles: [join(ROOT, "build", "index.js")], groups: MERGE_GROUPS });
    console.log(`merged: ${merged.groups.map((g) => `${g.url} (${g.members} chunks)`).join(", ")}; ${merged.rewritten} scripts rewritten, terser ${merged.minifySeconds} s`);
  }
  const touches = await buildTouches(join(ROOT, "build", "index.js"), CLIENT_BUILD, { sourcemap: true });
  const islands = await buildIslands(join(ROOT, "build", "index.js"), CLIENT_BUILD, { sourcemap: true });
  const maps = stashClientMaps();
  const css = embedStylesheet(join(ROOT, "build", "index.js"), CLIENT_BUILD);
  const worker = await buildWorker(join(ROOT, "build", "index.js"), join(ROOT, "public"), touches.url);
  const t = precompressDir(CLIENT_BUILD);
  console.log(`touches: ${touches.url} (${touches.bytes} bytes); service worker ${worker.version} (${worker.precache.length} files kept for offline); islands: ${Object.keys(islands.scripts).join(", ")} (${islands.bytes} bytes); stylesheet embedded for first visits: ${css} bytes; source maps kept out of public/build: ${maps}; precompressed ${t.files} files: ${t.bytes} bytes → brotli ${t.br}, gzip ${t.gz}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void buildWebTier().then((code) => process.exit(code));
