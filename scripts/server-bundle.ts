/**
 * server.ts compiled into one ES module, the way `npm start` runs it and the e2e servers start
 * (ADR 0042, ADR 0084). esbuild compiles our TypeScript the way tsx does, in about a second;
 * packages stay external (node loads them from node_modules), and `import.meta.url` is
 * server.ts's own, so the bundle finds `build/` and `public/` where server.ts does.
 *
 * Why not tsx at run time: its loader thread and the copies it keeps of every module it compiled
 * (the 9 MB web build included, with an inline source map) held about 150 MB of a server's RSS.
 */
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const SERVER_TS = fileURLToPath(new URL("../server.ts", import.meta.url));
/** Where `npm start` writes its bundle (build/ is ignored by git, beside the web build). */
export const START_BUNDLE = fileURLToPath(new URL("../build/server.mjs", import.meta.url));

/** Writes the bundle of server.ts to `outfile`; `sourcemap` writes its map beside it. */
export async function bundleServerTo(outfile: string, opts: { sourcemap?: boolean } = {}): Promise<void> {
  await build({
    entryPoints: [SERVER_TS],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: opts.sourcemap ?? false,
    define: { "import.meta.url": JSON.stringify(pathToFileURL(SERVER_TS).href) },
    logLevel: "warning",
  });
}
