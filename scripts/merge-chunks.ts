/**
 * Fewer, larger script files for the first load (ADR 0040).
 *
 * The classic compiler's esbuild splits the browser build into one chunk per set of routes that
 * share a module: /home asked for 36 files, most under 1 KB. On slow 3G over HTTP/1.1 (six
 * connections) that is six rounds of 400 ms, and every small file compresses on its own. This
 * step runs after `remix build` and merges chosen groups of shared chunks into one file each:
 *
 *   - a group is the static-import closure of some routes' modules (the first group also takes
 *     the entry's; a group with `popular` also every chunk that at least that share of the
 *     routes import), less what an earlier group took; only `_shared/` files are merged, never
 *     a route or the entry;
 *   - each group is bundled by esbuild into `_shared/<name>-<hash>.js`, every export of every
 *     member renamed `$0`, `$1`, …;
 *   - every other script is bundled alone with its imports of a merged chunk replaced by a
 *     re-export shim (`export { $3 as a } from "/build/_shared/core-….js"`), so esbuild rewrites
 *     the import itself; input source maps are carried through;
 *   - every file written is minified again by terser (minify-scripts.ts, ADR 0041);
 *   - the manifest (browser file and every server bundle that embeds it) points at the new files,
 *     each import list without repeats.
 *
 * Names stay content-addressed: every rewritten script keeps its compiler hash and gains the
 * hash of the plan (the groups' member files, whose names are their content hashes, and the
 * minifier's version and options), which is all its new content depends on; the manifest is
 * named by its own content.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build, type Plugin } from "esbuild";
import { filesUnder, SOURCE_MAP_COMMENT } from "./files";
import { MINIFIER, minifyScripts } from "./minify-scripts";

export interface MergeGroup {
  /** File name stem: `_shared/<name>-<hash>.js`. */
  name: string;
  /** Route ids whose modules' static imports (transitively) the group takes. */
  routes: string[];
  /** Also every chunk imported by at least this share of the routes with imports. */
  popular?: number;
}

export interface MergeOptions {
  /** The browser build's directory (public/build). */
  buildDir: string;
  /** Files that embed the manifest (the server build, the edge worker). */
  serverFiles: string[];
  groups: MergeGroup[];
  publicPath?: string;
}

export interface MergeReport {
  groups: Array<{ name: string; url: string; members: number }>;
  rewritten: number;
  manifest: string;
  /** How long terser took (the slowest part: ADR 0041). */
  minifySeconds: number;
}

/** What the app merges: the layout every page shares, then the home page's own chunks. */
export const MERGE_GROUPS: MergeGroup[] = [
  { name: "core", routes: ["root", "routes/_main"], popular: 0.5 },
  { name: "home", routes: ["routes/_main.home"] },
];

/** Bumped when the way files are rewritten changes, so the names change with it. */
const MERGE_VERSION = "1";

interface RouteEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry & Record<string, unknown>>;
  url: string;
  [key: string]: unknown;
}

const MANIFEST_PREFIX = "window.__remixManifest=";

/** A script with its external source map inlined (as a data URL), for esbuild to chain. */
function withInlineMap(path: string): string {
  const text = readFileSync(path, "utf8");
  const match = SOURCE_MAP_COMMENT.exec(text);
  if (!match || match[1].startsWith("data:") || !existsSync(`${path}.map`)) return text;
  const map = readFileSync(`${path}.map`).toString("base64");
  return `${text.slice(0, match.index)}//# sourceMappingURL=data:application/json;base64,${map}\n`;
}

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 8).toUpperCase();

export async function mergeChunks(options: MergeOptions): Promise<MergeReport> {
  const { buildDir, serverFiles, groups } = options;
  const publicPath = options.publicPath ?? "/build/";
  const urlOf = (path: string) => publicPath + relative(buildDir, path).split("\\").join("/");
  const pathOf = (url: string) => join(buildDir, url.slice(publicPath.length));

  const manifestPath = readdirSync(buildDir)
    .map((name) => join(buildDir, name))
    .find((p) => /\/manifest-[A-Z0-9]+\.js$/.test(p));
  if (!manifestPath) throw new Error(`no manifest in ${buildDir}`);
  const manifestText = readFileSync(manifestPath, "utf8").trim();
  if (!manifestText.startsWith(MANIFEST_PREFIX)) throw new Error(`unexpected manifest format in ${manifestPath}`);
  const manifest = JSON.parse(manifestText.slice(MANIFEST_PREFIX.length).replace(/;$/, "")) as Manifest;
  const manifestUrl = urlOf(manifestPath);

  const scripts = filesUnder(buildDir).filter((p) => p.endsWith(".js") && p !== manifestPath);
  const scriptUrls = new Set(scripts.map(urlOf));

  // 1. The import graph and every script's exports, from esbuild itself.
  const staticImports = new Map<string, Set<string>>();
  const analysis = await build({
    entryPoints: scripts,
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    outdir: join(buildDir, ".merge-analysis"),
    outbase: buildDir,
    logLevel: "silent",
    plugins: [
      {
        name: "graph",
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === "entry-point") return undefined;
            if (args.kind === "import-statement" && args.path.startsWith(publicPath)) {
              const from = urlOf(args.importer);
              if (!staticImports.has(from)) staticImports.set(from, new Set());
              staticImports.get(from)!.add(args.path);
            }
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  const exportsOf = new Map<string, string[]>();
  for (const meta of Object.values(analysis.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    exportsOf.set(urlOf(join(process.cwd(), meta.entryPoint)), meta.exports);
  }
  const staticClosure = (start: Iterable<string>, into = new Set<string>()) => {
    const stack = [...start];
    while (stack.length) {
      const url = stack.pop()!;
      for (const next of staticImports.get(url) ?? []) {
        if (!into.has(next)) {
          into.add(next);
          stack.push(next);
        }
      }
    }
    return into;
  };

  // 2. The groups' members.
  const isShared = (url: string) => url.startsWith(`${publicPath}_shared/`) && scriptUrls.has(url);
  const routesWithImports = Object.values(manifest.routes).filter((r) => r.imports?.length);
  const groupOf = new Map<string, number>();
  groups.forEach((group, g) => {
    const roots = new Set<string>();
    for (const id of group.routes) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`merge group ${group.name}: no route ${id}`);
      roots.add(route.module);
    }
    if (g === 0) roots.add(manifest.entry.module);
    if (group.popular) {
      const count = new Map<string, number>();
      for (const r of routesWithImports) for (const url of r.imports!) count.set(url, (count.get(url) ?? 0) + 1);
      for (const [url, n] of count) if (n / routesWithImports.length >= group.popular) roots.add(url);
    }
    const members = staticClosure(roots, new Set([...roots].filter(isShared)));
    for (const url of members) if (isShared(url) && !groupOf.has(url)) groupOf.set(url, g);
  });
  const membersOf = groups.map((_, g) => [...groupOf].filter(([, gg]) => gg === g).map(([url]) => url).sort());

  const planHash = shortHash(JSON.stringify([MERGE_VERSION, MINIFIER, groups, membersOf]));
  const groupUrl = groups.map((group) => `${publicPath}_shared/${group.name}-${planHash}.js`);
  const renamed = (url: string) => {
    const g = groupOf.get(url);
    if (g !== undefined) return groupUrl[g];
    return scriptUrls.has(url) ? url.replace(/\.js$/, `-${planHash}.js`) : url;
  };

  // Every merged export gets a short name of its own within its group.
  const exportName = new Map<string, Map<string, string>>();
  membersOf.forEach((members) => {
    let next = 0;
    for (const url of members) exportName.set(url, new Map((exportsOf.get(url) ?? []).map((name) => [name, `$${(next++).toString(36)}`])));
  });
  const shimFor = (url: string) => {
    const names = [...exportName.get(url)!].map(([name, merged]) => `${merged} as ${name}`);
    return `export { ${names.join(", ")} } from ${JSON.stringify(renamed(url))};`;
  };

  const sourcemap = scripts.some((p) => existsSync(`${p}.map`));
  const rewriting = (ownGroup: number | undefined): Plugin => ({
    name: "merge",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return undefined;
        if (args.namespace === "merge-entry" || args.namespace === "file") {
          const g = groupOf.get(args.path);
          if (g !== undefined && g === ownGroup) return { path: pathOf(args.path) };
          if (g !== undefined) return { path: args.path, namespace: "merge-shim" };
        }
        return { path: renamed(args.path), external: true };
      });
      b.onLoad({ filter: /.*/, namespace: "merge-shim" }, (args) => ({ contents: shimFor(args.path), loader: "js" }));
      // esbuild chains an input's source map only when it is inline.
      if (sourcemap) b.onLoad({ filter: /\.js$/ }, (args) => ({ contents: withInlineMap(args.path), loader: "js" }));
    },
  });
  const common = { bundle: true, format: "esm" as const, minify: true, sourcemap, sourcesContent: false, legalComments: "none" as const, logLevel: "silent" as const, write: true };

  // 3. One file per group.
  for (const [g, members] of membersOf.entries()) {
    const lines = members.map((url) => {
      const names = [...exportName.get(url)!].map(([name, merged]) => `${name} as ${merged}`);
      return names.length ? `export { ${names.join(", ")} } from ${JSON.stringify(url)};` : `import ${JSON.stringify(url)};`;
    });
    await build({
      ...common,
      stdin: { contents: lines.join("\n"), resolveDir: buildDir, sourcefile: `merge-group:${groups[g].name}.js`, loader: "js" },
      outfile: pathOf(groupUrl[g]),
      plugins: [
        {
          name: "merge-entry",
          setup(b) {
            // The stdin entry's own imports are the members themselves.
            b.onResolve({ filter: /.*/ }, (args) => (args.importer === "<stdin>" ? { path: pathOf(args.path) } : undefined));
          },
        },
        rewriting(g),
      ],
    });
  }

  // 4. Every other script, alone, its imports of merged chunks rewritten through the shims.
  const others = scripts.filter((p) => !groupOf.has(urlOf(p)));
  await build({
    ...common,
    entryPoints: others,
    outdir: buildDir,
    outbase: buildDir,
    entryNames: `[dir]/[name]-${planHash}`,
    plugins: [rewriting(undefined)],
  });

  // 5. A second minifier pass over everything written (minify-scripts.ts).
  const entryModules = [manifest.entry.module, ...Object.values(manifest.routes).map((r) => r.module)];
  const firstLoad = new Set([...staticClosure(entryModules, new Set(entryModules))].map((url) => pathOf(renamed(url))));
  const minifyStarted = Date.now();
  await minifyScripts([...groupUrl, ...others.map((p) => renamed(urlOf(p)))].map(pathOf), (path) => firstLoad.has(path));
  const minifySeconds = Math.round((Date.now() - minifyStarted) / 1000);

  // 6. The old files go; the manifest points at the new ones.
  for (const p of scripts) {
    rmSync(p);
    rmSync(`${p}.map`, { force: true });
  }
  const mapList = (list: string[]) => [...new Set(list.map(renamed))];
  manifest.entry = { module: renamed(manifest.entry.module), imports: mapList(manifest.entry.imports) };
  for (const route of Object.values(manifest.routes)) {
    route.module = renamed(route.module);
    if (route.imports) route.imports = mapList(route.imports);
  }
  const body = JSON.stringify({ ...manifest, url: "" });
  const newManifestUrl = `${publicPath}manifest-${shortHash(body)}.js`;
  manifest.url = newManifestUrl;
  rmSync(manifestPath);
  rmSync(`${manifestPath}.map`, { force: true });
  writeFileSync(pathOf(newManifestUrl), `${MANIFEST_PREFIX}${JSON.stringify(manifest)};`);

  const urlPattern = new RegExp(`${publicPath.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[\\w./$-]+\\.js`, "g");
  for (const file of serverFiles) {
    let text = readFileSync(file, "utf8");
    // Import lists first (mapped without repeats), then every other mention.
    text = text.replace(/(imports\s*:\s*)\[([^\]]*)\]/g, (whole, head: string, inner: string) => {
      const items = inner.match(/"[^"]*"/g);
      if (!items || !items.every((s) => s.startsWith(`"${publicPath}`))) return whole;
      return `${head}[${mapList(items.map((s) => JSON.parse(s) as string)).map((s) => JSON.stringify(s)).join(",")}]`;
    });
    text = text.replace(urlPattern, (url) => (url === manifestUrl ? newManifestUrl : renamed(url)));
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }

  return {
    groups: groups.map((group, g) => ({ name: group.name, url: groupUrl[g], members: membersOf[g].length })),
    rewritten: others.length,
    manifest: newManifestUrl,
    minifySeconds,
  };
}
