/**
 * docs/deploy.md is what an operator follows, so nothing it names may be imaginary: every file of the
 * repository it names exists and is used by a test (named by a test, or imported by one), every
 * `npm run` script it names is in package.json, and every setting it names is read by the code.
 * A guide that drifts from the code fails here rather than on someone's production host.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
const guide = read("docs/deploy.md");
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);

/** The inline code spans of the guide (fenced blocks are commands, checked by their npm scripts below). */
const spans = [...guide.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

/** A span that is a path in the repository: has a slash or a file extension, no spaces, no scheme. A path
 * under a setting (DATA_DIR/keys) is where a running server keeps things, not a file of the repository. */
const looksLikePath = (s: string) =>
  /^[\w.@$[\]-]+(\/[\w.@$[\]-]+)*\/?$/.test(s) && (s.includes("/") || /\.\w+$/.test(s)) && !/^\d/.test(s) && !/^[A-Z][A-Z_]+\//.test(s);
const named = [...new Set(spans.filter(looksLikePath))];

const isTest = (f: string) => /\.(test|e2e)\.ts$/.test(f);
const trackedSet = new Set(tracked);
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** The repository files a source reaches directly: its relative imports, the tracked paths it names in
 * a string (a script it spawns, a config it renders), and the files of each package.json script it runs. */
function reachedFrom(file: string): string[] {
  const text = read(file);
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = normalize(join(dirname(file), m[1]!));
    const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((c) => trackedSet.has(c));
    if (hit) out.push(hit);
  }
  for (const m of text.matchAll(/["'`]([\w./-]+\.(?:ts|mjs|js|conf|toml|json))["'`]/g)) {
    const path = normalize(m[1]!.replace(/^\.\//, ""));
    if (trackedSet.has(path)) out.push(path);
  }
  // A package.json script run by name (`npm run x`, or read as scripts.x): the files its command names.
  for (const [name, command] of Object.entries(scripts)) {
    const runs = text.includes(`npm run ${name}`) || text.includes(`scripts.${name}`) || text.includes(`"${name}"]`) || (name === "start" && text.includes("npm start"));
    if (runs) for (const m of command.matchAll(/[\w./-]+\.(?:ts|mjs)/g)) if (trackedSet.has(m[0])) out.push(m[0]);
  }
  return out;
}

/** Everything the tests reach, at any depth: what a test imports, runs or renders is used by a test. */
const usedByTests = (() => {
  const seen = new Set<string>();
  const queue = tracked.filter(isTest);
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f) || !/\.(ts|tsx)$/.test(f)) {
      seen.add(f);
      continue;
    }
    seen.add(f);
    queue.push(...reachedFrom(f).filter((r) => !seen.has(r)));
  }
  return seen;
})();

describe("docs/deploy.md", () => {
  it("names files, scripts and settings (the checks below have something to check)", () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it.each(named)("names %s: it is in the repository and a test uses it", (path) => {
    const file = path.replace(/\/$/, "");
    expect(existsSync(join(ROOT, file)), `${file} is not in the repository`).toBe(true);
    const isDir = path.endsWith("/") || tracked.some((f) => f.startsWith(`${file}/`));
    const used = isDir ? [...usedByTests].some((f) => f.startsWith(`${file}/`)) : usedByTests.has(file);
    expect(used, `no test imports, runs or names ${file}`).toBe(true);
  });

  it("every `npm run` script it names is in package.json", () => {
    const run = [...guide.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(run.length).toBeGreaterThan(3);
    expect(run.filter((s) => !(s in scripts))).toEqual([]);
  });

  it("every setting it names is read by the code", () => {
    const settings = [...new Set(spans.flatMap((s) => s.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []))];
    // Named in code spans only when they are ours: the platform's own (glibc's MALLOC_ARENA_MAX) go in plain words.
    expect(settings.length).toBeGreaterThan(10);
    const code = tracked
      .filter((f) => /^(backend|app|edge|contract|scripts)\/.*\.tsx?$/.test(f) || f === "server.ts" || f === "wrangler.toml")
      .filter((f) => !/\.test\.ts$/.test(f))
      .map(read)
      .join("\n");
    expect(settings.filter((s) => !code.includes(s))).toEqual([]);
  });
});
