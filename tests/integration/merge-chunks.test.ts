/**
 * scripts/merge-chunks.ts (ADR 0040) on a small split build made by esbuild the way the
 * classic compiler makes ours: entries that share modules through `_shared/` chunks, a lazy
 * chunk, a manifest and a server file that embeds it. The merged build is then run in Node
 * (the public path is the build's own directory, so its absolute imports are file paths):
 * one instance of each shared module, whichever file imports it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mergeChunks, type MergeReport } from "../../scripts/merge-chunks";

const SOURCES: Record<string, string> = {
  "state.js": "export let count = 0;\nexport function bump() { count += 1; return count; }\n",
  "util.js": 'import { bump } from "./state.js";\nexport const twice = () => [bump(), bump()];\n',
  "page-only.js": 'import { bump } from "./state.js";\nexport const pageBump = () => bump() * 10;\n',
  "entry.js": 'import { bump } from "./state.js";\nexport const fromEntry = () => bump();\nexport const later = () => import("./lazy.js");\n',
  "root.js": 'import { twice } from "./util.js";\nexport const fromRoot = () => twice();\n',
  "layout.js": 'import { twice } from "./util.js";\nimport { count } from "./state.js";\nexport const seen = () => count;\nexport const again = () => twice();\n',
  "page.js": 'import { pageBump } from "./page-only.js";\nexport const fromPage = () => pageBump();\n',
  "other.js": 'import { pageBump } from "./page-only.js";\nexport const fromOther = () => pageBump();\n',
  "lazy.js": 'import { bump } from "./state.js";\nexport const fromLazy = () => bump();\n',
};

let dir: string;
let buildDir: string;
let report: MergeReport;
let manifest: { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }>; url: string };
let server: string;
const before: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "merge-chunks-"));
  const src = join(dir, "src");
  buildDir = join(dir, "build");
  mkdirSync(src);
  // The built files are ES modules, as the browser reads them.
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  for (const [name, text] of Object.entries(SOURCES)) writeFileSync(join(src, name), text);
  const publicPath = `${buildDir}/`;
  const result = await build({
    entryPoints: ["entry", "root", "layout", "page", "other"].map((n) => join(src, `${n}.js`)),
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    sourcemap: true,
    metafile: true,
    outdir: buildDir,
    entryNames: "[name]-[hash]",
    chunkNames: "_shared/chunk-[hash]",
    publicPath,
    logLevel: "silent",
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([p]) => p.endsWith(".js"));
  const urlOf = (p: string) => join(process.cwd(), p);
  const entryOf = (name: string) => {
    const [path, meta] = outputs.find(([, m]) => m.entryPoint?.endsWith(`src/${name}.js`))!;
    return { module: urlOf(path), imports: meta.imports.filter((i) => i.kind === "import-statement").map((i) => urlOf(i.path)) };
  };
  for (const name of ["entry", "root", "layout", "page", "other"]) before[name] = entryOf(name).module;
  const original = {
    entry: entryOf("entry"),
    routes: { root: entryOf("root"), "routes/_main": entryOf("layout"), "routes/page": entryOf("page"), "routes/other": entryOf("other") },
    version: "test",
    url: `${publicPath}manifest-0000ABCD.js`,
  };
  // A chunk that shared nothing would not be worth testing with.
  expect(readdirSync(join(buildDir, "_shared")).filter((f) => f.endsWith(".js")).length).toBeGreaterThanOrEqual(2);
  writeFileSync(join(buildDir, "manifest-0000ABCD.js"), `window.__remixManifest=${JSON.stringify(original)};`);
  const serverFile = join(dir, "server.js");
  writeFileSync(serverFile, `var assets = ${JSON.stringify(original).replace(/"imports":/g, "imports: ")};\nexport default assets;\n`);
  report = await mergeChunks({
    buildDir,
    serverFiles: [serverFile],
    publicPath,
    groups: [{ name: "core", routes: ["root", "routes/_main"] }, { name: "pages", routes: ["routes/page"] }],
  });
  const manifestFile = readdirSync(buildDir).find((f) => /^manifest-/.test(f))!;
  manifest = JSON.parse(readFileSync(join(buildDir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;$/, ""));
  server = readFileSync(serverFile, "utf8");
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("merge-chunks", () => {
  test("each group becomes one file; the compiler's chunks and old names are gone", () => {
    expect(report.groups.map((g) => g.name)).toEqual(["core", "pages"]);
    expect(report.groups[0]!.members).toBeGreaterThanOrEqual(2);
    expect(report.groups[1]!.members).toBe(1);
    const shared = readdirSync(join(buildDir, "_shared")).filter((f) => f.endsWith(".js"));
    // What is left besides the groups is what no group took, renamed (rewritten) like the routes.
    for (const g of report.groups) expect(shared).toContain(g.url.split("/").pop());
    const left = shared.filter((f) => !report.groups.some((g) => g.url.endsWith(`/${f}`)));
    const plan = /-([A-Z0-9]{8})\.js$/.exec(report.groups[0]!.url)![1];
    expect(left).toHaveLength(1); // the lazy chunk
    expect(left[0]).toMatch(new RegExp(`^chunk-[A-Z0-9]+-${plan}\\.js$`));
    for (const old of Object.values(before)) expect(readdirSync(buildDir)).not.toContain(old.split("/").pop());
  });

  test("the manifest points at the new files, each import list once", () => {
    const [core, pages] = report.groups.map((g) => g.url);
    expect(manifest.entry.imports).toEqual([core]);
    expect(manifest.routes.root!.imports).toEqual([core]);
    expect(manifest.routes["routes/_main"]!.imports).toEqual([core]);
    expect(manifest.routes["routes/page"]!.imports).toContain(pages);
    // A route outside every group still finds the chunk it shares, now in a group file.
    expect(manifest.routes["routes/other"]!.imports).toContain(pages);
    for (const r of Object.values(manifest.routes)) expect(new Set(r.imports).size).toBe(r.imports!.length);
    expect(manifest.url).toBe(report.manifest);
    for (const r of Object.values(manifest.routes)) expect(r.module).toMatch(/-[A-Z0-9]+-[A-Z0-9]{8}\.js$/);
  });

  test("the server's copy of the manifest says the same", () => {
    expect(server).toContain(report.manifest);
    for (const r of Object.values(manifest.routes)) expect(server).toContain(JSON.stringify(r.module));
    for (const old of Object.values(before)) expect(server).not.toContain(old);
    expect(server).toContain(`imports: ${JSON.stringify([report.groups[0]!.url])}`);
  });

  test("the merged build runs with one instance of each shared module", async () => {
    const entry = await import(manifest.entry.module);
    const root = await import(manifest.routes.root!.module);
    const layout = await import(manifest.routes["routes/_main"]!.module);
    const page = await import(manifest.routes["routes/page"]!.module);
    const other = await import(manifest.routes["routes/other"]!.module);
    expect(entry.fromEntry()).toBe(1);
    expect(root.fromRoot()).toEqual([2, 3]);
    expect(layout.again()).toEqual([4, 5]);
    expect(layout.seen()).toBe(5);
    expect(page.fromPage()).toBe(60);
    expect(other.fromOther()).toBe(70);
    const lazy = await entry.later();
    expect(lazy.fromLazy()).toBe(8);
  });

  test("source maps still lead to the original modules", () => {
    const core = report.groups[0]!.url;
    const map = JSON.parse(readFileSync(`${core}.map`, "utf8")) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith("src/state.js"))).toBe(true);
    expect(map.sources.some((s) => s.endsWith("src/util.js"))).toBe(true);
  });
});
