/**
 * The islands (app/islands/, ADR 0067): one small entry per island, `app/islands/<name>.island.tsx`
 * hydrated by app/islands/hydrate.tsx, bundled by esbuild into `_islands/` under the browser build:
 * minified, React in production, ES modules split so that React and react-dom are one chunk that
 * every island shares (loaded once for several). Names are hashed. Each island's scripts, its
 * entry first and then every chunk it imports, are written as JSON over the marker of
 * app/services/layout/document-head.server.ts in the server bundle, for Node and for the edge
 * worker alike (as build-touches.ts does). It fails when the marker is missing, so no build
 * quietly drops its islands.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";

const MARKER = '"__EMBEDDED_ISLANDS__"';
export const ISLANDS_DIR = fileURLToPath(new URL("../app/islands/", import.meta.url));
const ISLAND_FILE = /^(.+)\.island\.tsx$/;
const NAMESPACE = "island-entry";
/**
 * An entry of no island that holds the hydration (React, react-dom): with it, they are a chunk of
 * their own however many islands there are, the same file for every page, cached once.
 */
const SHARED = "_react";

/** The islands there are: name → component file. */
export function islandFiles(dir = ISLANDS_DIR): Record<string, string> {
  const files: Record<string, string> = {};
  for (const f of readdirSync(dir)) {
    const m = ISLAND_FILE.exec(f);
    if (m) files[m[1]!] = join(dir, f);
  }
  return files;
}

/** Each entry: the island's component handed to hydrateIsland. */
function entries(dir: string, files: Record<string, string>): Plugin {
  return {
    name: "island-entries",
    setup(b) {
      b.onResolve({ filter: /^island-entry:/ }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: args.path === SHARED ? `export { hydrateIsland } from ${JSON.stringify(join(dir, "hydrate.tsx"))};` : `import Island from ${JSON.stringify(files[args.path])};
import { hydrateIsland } from ${JSON.stringify(join(dir, "hydrate.tsx"))};
export default (root, props) => hydrateIsland(root, Island, props);`,
        resolveDir: dir,
        loader: "js",
      }));
    },
  };
}

/**
 * A picture an island's module imports (ui/Icon.tsx's sprite) is the file the Remix build already
 * hashed: its address as the server bundle names it, so the island draws the server's markup.
 */
function builtAssets(server: string): Plugin {
  return {
    name: "built-assets",
    setup(b) {
      b.onResolve({ filter: /\.svg$/ }, (args) => ({ path: args.path.split("/").pop()!, namespace: "built-asset" }));
      b.onLoad({ filter: /.*/, namespace: "built-asset" }, (args) => {
        const [stem, ext] = [args.path.slice(0, args.path.lastIndexOf(".")), args.path.slice(args.path.lastIndexOf("."))];
        const url = new RegExp(`"(/[^"]*/${stem}-[A-Za-z0-9_-]+\\${ext})"`).exec(server)?.[1];
        if (!url) throw new Error(`build-islands: the server bundle names no built ${args.path}`);
        return { contents: `export default ${JSON.stringify(url)};`, loader: "js" };
      });
    },
  };
}

/** An output's file and every file it imports, once each, itself first. */
function withImports(metafile: Metafile, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const imports = metafile.outputs[file]!.imports.filter((i) => i.kind === "import-statement" && !i.external);
  return [file, ...imports.flatMap((i) => withImports(metafile, i.path, seen))];
}

/** `buildDir` holds what `publicPath` serves; returns each island's scripts and the bytes written. */
export async function buildIslands(serverFile: string, buildDir: string, opts: { sourcemap?: boolean; publicPath?: string; islandsDir?: string } = {}) {
  const server = readFileSync(serverFile, "utf8");
  if (!server.includes(MARKER)) throw new Error(`build-islands: no ${MARKER} in ${serverFile}`);
  const outdir = join(buildDir, "_islands");
  rmSync(outdir, { recursive: true, force: true });
  const dir = opts.islandsDir ?? ISLANDS_DIR;
  const files = islandFiles(dir);
  const names = Object.keys(files);
  const scripts: Record<string, string[]> = {};
  let bytes = 0;
  if (names.length) {
    const result = await build({
      entryPoints: Object.fromEntries([...names, SHARED].map((n) => [n, `${NAMESPACE}:${n}`])),
      entryNames: "[name]-[hash]",
      chunkNames: "shared-[hash]",
      outdir,
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)),
      // React from this project, wherever the islands directory is (a test builds a copy).
      nodePaths: [fileURLToPath(new URL("../node_modules", import.meta.url))],
      legalComments: "none",
      sourcemap: opts.sourcemap ?? false,
      sourcesContent: false,
      metafile: true,
      logLevel: "silent",
      plugins: [entries(dir, files), builtAssets(server)],
    });
    const url = (file: string) => (opts.publicPath ?? "/build/") + relative(buildDir, join(process.cwd(), file)).split("\\").join("/");
    for (const [file, out] of Object.entries(result.metafile.outputs)) {
      const name = out.entryPoint?.startsWith(`${NAMESPACE}:`) ? out.entryPoint.slice(NAMESPACE.length + 1) : null;
      if (file.endsWith(".js") && name !== SHARED) bytes += out.bytes;
      if (name && name !== SHARED) scripts[name] = withImports(result.metafile, file).map(url);
      // No page loads the stub that kept React apart.
      if (name === SHARED) for (const f of [file, `${file}.map`]) rmSync(join(process.cwd(), f), { force: true });
    }
  }
  // A string in the bundle (JSON in JSON), read with JSON.parse: no minifier folds it.
  writeFileSync(serverFile, server.split(MARKER).join(JSON.stringify(JSON.stringify(scripts))));
  return { scripts, bytes };
}
