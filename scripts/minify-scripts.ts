/**
 * A second minifier pass over the scripts merge-chunks.ts writes (ADR 0041).
 *
 * esbuild minifies fast; terser's output compresses better: /home's core file is 3.9 KB smaller
 * in brotli after it (85.0 → 81.1 KB), mostly from how it names things. Each file is minified
 * with its source map chained, so the budget test still names the modules behind the bytes.
 * The files are shared out over worker threads (one per core): terser is slow, about 25 s of
 * one core for the whole browser build here.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { basename } from "node:path";
import { Worker } from "node:worker_threads";
import { SOURCE_MAP_COMMENT } from "./files";

const require = createRequire(import.meta.url);

const OPTIONS = { module: true, mangle: true, format: { comments: false } };

/**
 * Part of the merge plan's hash: another terser or other options must rename every file.
 * Scripts a page loads up front get terser's whole treatment; the ones fetched later (Headless
 * UI, the chat SDK, the form schemas) only its renaming, which is most of the gain at a third of
 * the time (compressing the chat SDK alone took 12 s).
 */
export const MINIFIER = {
  terser: (require("terser/package.json") as { version: string }).version,
  // collapse_vars took half of the time for 34 bytes of /home's core file.
  firstLoad: { ...OPTIONS, compress: { collapse_vars: false } },
  later: { ...OPTIONS, compress: false },
};

/** Runs in each worker (plain JavaScript: workers get no TypeScript loader in every runner). */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { minify } = require(workerData.terser);
parentPort.on("message", async ({ path, code, map, url, firstLoad }) => {
  try {
    const options = firstLoad ? workerData.firstLoad : workerData.later;
    const out = await minify(code, { ...options, sourceMap: map ? { content: map, url } : false });
    parentPort.postMessage({ path, code: out.code, map: out.map });
  } catch (error) {
    parentPort.postMessage({ path, error: String((error && error.message) || error) });
  }
});`;

interface Done {
  path: string;
  code?: string;
  map?: string;
  error?: string;
}

/**
 * Minifies every script in `paths` in place (and its `.map` beside it, when there is one);
 * `firstLoad` tells which of them pages load up front.
 */
export async function minifyScripts(paths: string[], firstLoad: (path: string) => boolean): Promise<void> {
  if (paths.length === 0) return;
  // The largest first, so that no worker is left with a big file at the end.
  const size = new Map(paths.map((p) => [p, statSync(p).size]));
  const queue = [...paths].sort((a, b) => size.get(b)! - size.get(a)!);
  const workerData = { terser: require.resolve("terser"), firstLoad: MINIFIER.firstLoad, later: MINIFIER.later };
  const count = Math.max(1, Math.min(availableParallelism(), queue.length));
  const workers = Array.from({ length: count }, () => new Worker(WORKER, { eval: true, workerData }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const path = queue.shift();
              if (!path) return resolve();
              const hasMap = existsSync(`${path}.map`);
              worker.postMessage({
                path,
                code: readFileSync(path, "utf8").replace(SOURCE_MAP_COMMENT, ""),
                map: hasMap ? readFileSync(`${path}.map`, "utf8") : undefined,
                url: `${basename(path)}.map`,
                firstLoad: firstLoad(path),
              });
            };
            worker.on("message", (done: Done) => {
              if (done.error || done.code === undefined) return reject(new Error(`terser failed on ${done.path}: ${done.error}`));
              writeFileSync(done.path, done.code);
              if (done.map) writeFileSync(`${done.path}.map`, done.map);
              next();
            });
            worker.on("error", reject);
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
