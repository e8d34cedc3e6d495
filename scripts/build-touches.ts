/**
 * The touches script (app/touches/, ADR 0067): the few kilobytes of plain script an islands-only
 * page loads instead of the framework. Bundled by esbuild into `_touches/touches-<hash>.js` under
 * the browser build, minified, and its address written into the server bundle over the marker of
 * app/services/layout/document-head.server.ts, for Node and for the edge worker alike (the
 * technique of embed-stylesheet.ts). It runs after merge-chunks.ts, which leaves it alone, and
 * before the files are precompressed. It fails when the marker is missing, so a build cannot
 * quietly hydrate every page again.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const MARKER = '"__EMBEDDED_TOUCHES__"';
const ENTRY = fileURLToPath(new URL("../app/touches/index.ts", import.meta.url));

/** `buildDir` holds what `publicPath` serves; returns the script's address and size in bytes. */
export async function buildTouches(serverFile: string, buildDir: string, opts: { sourcemap?: boolean; publicPath?: string } = {}) {
  const server = readFileSync(serverFile, "utf8");
  if (!server.includes(MARKER)) throw new Error(`build-touches: no ${MARKER} in ${serverFile}`);
  const outdir = join(buildDir, "_touches");
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { touches: ENTRY },
    entryNames: "[name]-[hash]",
    outdir,
    bundle: true,
    format: "esm",
    // No target, as for the framework's own browser build (esbuild's default).
    minify: true,
    legalComments: "none",
    sourcemap: opts.sourcemap ?? false,
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
  });
  const file = Object.keys(result.metafile.outputs).find((p) => p.endsWith(".js"));
  if (!file) throw new Error("build-touches: esbuild wrote no script");
  const url = (opts.publicPath ?? "/build/") + relative(buildDir, join(process.cwd(), file)).split("\\").join("/");
  writeFileSync(serverFile, server.split(MARKER).join(JSON.stringify(url)));
  return { url, bytes: result.metafile.outputs[file]!.bytes };
}
