/**
 * `npm run build:edge`: the web tier as a module worker for workerd (
 * docs/decisions/0031-edge-web-tier.md):
 *   1. `remix build` with REMIX_TARGET=edge (remix.config.js): edge/worker.ts and the server build
 *      bundled into build/edge/worker.js, the browser build into build/edge/assets/build;
 *   2. the first load's shared chunks merged, as for Node (merge-chunks.ts), the stylesheet's
 *      text embedded in the worker (embed-stylesheet.ts), the touches script and the islands
 *      built and named in it (build-touches.ts, build-islands.ts);
 *   3. the rest of public/ copied into build/edge/assets (what the ASSETS binding serves);
 *   4. the hashed files precompressed, as for Node.
 *
 *   node --import tsx scripts/build-edge.ts
 */
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./build";
import { buildIslands } from "./build-islands";
import { buildTouches } from "./build-touches";
import { buildWorker } from "./build-worker";
import { embedStylesheet } from "./embed-stylesheet";
import { MERGE_GROUPS, mergeChunks } from "./merge-chunks";
import { precompressDir } from "./precompress";

export const EDGE_BUILD = join(ROOT, "build", "edge");
export const EDGE_WORKER = join(EDGE_BUILD, "worker.js");
export const EDGE_ASSETS = join(EDGE_BUILD, "assets");
/** Written last: a build:edge that stopped half-way leaves no stamp, so start:edge builds again. */
export const EDGE_STAMP = join(EDGE_BUILD, "built.txt");
/** The compiler's record of the worker's inputs and imports (scripts/edge-bundle.ts reads it). */
export const EDGE_METAFILE = join(EDGE_BUILD, "metafile.server.json");

export async function buildEdge(): Promise<number> {
  rmSync(EDGE_BUILD, { recursive: true, force: true });
  const cli = join(ROOT, "node_modules", "@remix-run", "dev", "dist", "cli.js");
  const r = spawnSync(process.execPath, [cli, "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, REMIX_TARGET: "edge" } });
  if (r.status !== 0) return r.status ?? 1;
  // The same first-load files as the Node build (ADR 0040); the worker embeds the manifest.
  await mergeChunks({ buildDir: join(EDGE_ASSETS, "build"), serverFiles: [EDGE_WORKER], groups: MERGE_GROUPS });
  embedStylesheet(EDGE_WORKER, join(EDGE_ASSETS, "build"));
  const touches = await buildTouches(EDGE_WORKER, join(EDGE_ASSETS, "build"));
  await buildIslands(EDGE_WORKER, join(EDGE_ASSETS, "build"));
  for (const name of readdirSync(join(ROOT, "public"))) {
    if (name !== "build") cpSync(join(ROOT, "public", name), join(EDGE_ASSETS, name), { recursive: true });
  }
  // This build's own shell (its names may differ from the Node build's public/sw.js copied above).
  await buildWorker(EDGE_WORKER, EDGE_ASSETS, touches.url);
  // The browser build's metafile is of no use here (the server's is kept for the import check).
  rmSync(join(EDGE_BUILD, "metafile.js.json"), { force: true });
  const t = precompressDir(join(EDGE_ASSETS, "build"));
  writeFileSync(EDGE_STAMP, `${new Date().toISOString()}\n`);
  console.log(`edge worker: ${EDGE_WORKER}; assets: ${EDGE_ASSETS}; precompressed ${t.files} files`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void buildEdge().then((code) => process.exit(code));
