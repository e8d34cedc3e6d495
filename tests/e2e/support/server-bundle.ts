/**
 * server.ts bundled into one ES module for the e2e servers to start from (ADR 0042).
 *
 * Why: `node --import tsx server.ts` spends 5-6 s of a 14 s start (PGlite, this machine) resolving
 * and compiling our modules one by one through tsx's loader thread, including the web build, which
 * tsx needlessly hooks too. A run starts about 45 servers. esbuild makes the same code, compiled
 * the same way tsx compiles it, into one file in about a second, once per run; node loads it
 * natively. Packages stay external (node_modules as `npm start` has them), and `import.meta.url`
 * is server.ts's own, so the bundle finds `build/` where server.ts does. The server's stack traces
 * still name our .ts files (`--enable-source-maps`, SERVER_NODE_ARGS).
 */
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServerTo } from "../../../scripts/server-bundle";

/** Carries the bundle's path from the global setup to the test processes. */
export const SERVER_BUNDLE_ENV = "E2E_SERVER_BUNDLE";
/** How node runs the bundle. */
export const SERVER_NODE_ARGS = ["--enable-source-maps"];

/** Under the project's node_modules, so that node finds the packages the bundle leaves out. */
const CACHE = fileURLToPath(new URL("../../../node_modules/.cache/", import.meta.url));

const PREFIX = "e2e-server-";
/** A run lasts well under this; a dir older is a killed run's, whose teardown never came. */
const LEFT_BEHIND_MS = 24 * 3_600_000;

async function removeLeftBehind() {
  for (const name of await readdir(CACHE)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(CACHE, name);
    const { mtimeMs } = await stat(dir).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > LEFT_BEHIND_MS) await rm(dir, { recursive: true, force: true });
  }
}

/** Bundles server.ts into a fresh dir of its own; resolves with the file and a remover. */
export async function bundleServer(): Promise<{ file: string; remove: () => Promise<void> }> {
  await mkdir(CACHE, { recursive: true });
  await removeLeftBehind();
  const dir = await mkdtemp(join(CACHE, PREFIX));
  const file = join(dir, "server.mjs");
  try {
    await bundleServerTo(file, { sourcemap: true });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
