/**
 * The service worker (app/worker/sw.ts, ADR 0077) bundled into public/sw.js with what this build
 * precaches (the offline page, the stylesheet, the touches script, the manifest and its icons) and
 * a version made of those names: a new build whose shell changed is a new worker, which the
 * browser installs and which takes over without breaking a page of the old build. Runs after the
 * stylesheet and the touches script have their names (build.ts); build-edge.ts copies public/.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { precacheList } from "../app/worker/shell";
import { stylesheetOf } from "./embed-stylesheet";

const ENTRY = fileURLToPath(new URL("../app/worker/sw.ts", import.meta.url));
/** The installable app's own files in public/ (manifest.webmanifest names the icons). */
export const APP_STATICS = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png", "/favicon.svg"];

export async function buildWorker(serverFile: string, publicDir: string, touchesUrl: string) {
  const stylesheet = stylesheetOf(readFileSync(serverFile, "utf8"));
  if (!stylesheet) throw new Error(`build-worker: no stylesheet named in ${serverFile}`);
  const precache = precacheList({ stylesheet: `/build/${stylesheet}`, touches: touchesUrl, statics: APP_STATICS });
  // The version follows the shell's names and the worker's sources (app/worker/, push handlers included).
  const hash = createHash("sha256").update(JSON.stringify(precache));
  const dir = dirname(ENTRY);
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const version = hash.digest("hex").slice(0, 12);
  await build({
    entryPoints: [ENTRY],
    outfile: join(publicDir, "sw.js"),
    bundle: true,
    format: "iife",
    minify: true,
    legalComments: "none",
    define: { __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify(version) },
    logLevel: "silent",
  });
  return { version, precache };
}
