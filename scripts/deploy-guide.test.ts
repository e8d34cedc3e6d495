/**
 * docs/deploy.md is what an operator follows, so nothing it names may be imaginary: every file of the
 * repository it names exists and is used by a test (named by a test, or imported by one), every
 * `npm run` script it names is in package.json, and every setting it names is read by the code.
 * A guide that drifts from the code fails here rather than on someone's production host.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");
const guide = read("docs/deploy.md");
const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);

/** The inline code spans of the guide (fenced blocks are commands, checked by their npm scripts below). */
const spans = [...guide.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

/** A span that is a path in the repository: has a slash or a file extension, no spaces, no scheme. */
const looksLikePath = (s: string) => /^[\w.@$[\]-]+(\/[\w.@$[\]-]+)*\/?$/.test(s) && (s.includes("/") || /\.\w+$/.test(s)) && !/^\d/.test(s);
const named = [...new Set(spans.filter(looksLikePath).filter((s) => !/^(\/|https?:)/.test(s)))];

const testFiles = tracked.filter((f) => /(\.test\.ts|\.e2e\.ts)$/.test(f) || (f.startsWith("tests/") && f.endsWith(".ts")));
const testTexts = testFiles.map((f) => ({ file: f, text: read(f) }));

/** A test uses `path` if it names the path, or imports the module (its path without the extension). */
function usedBy(path: string): string[] {
  const stem = path.replace(/\.(ts|tsx|js)$/, "");
  const tail = stem.split("/").slice(-2).join("/");
  return testTexts
    .filter(({ file, text }) => file !== path && (text.includes(path) || new RegExp(`["'/]${tail.replace(/[.[\]$]/g, "\\$&")}(\\.ts)?["']`).test(text)))
    .map(({ file }) => file);
}

describe("docs/deploy.md", () => {
  it("names files, scripts and settings (the checks below have something to check)", () => {
    expect(named.length).toBeGreaterThan(10);
  });

  it.each(named)("names %s: it is in the repository and a test uses it", (path) => {
    const file = path.replace(/\/$/, "");
    expect(existsSync(join(ROOT, file)), `${file} is not in the repository`).toBe(true);
    const isDir = path.endsWith("/") || tracked.some((f) => f.startsWith(`${file}/`));
    const users = isDir ? testTexts.filter(({ text }) => text.includes(file)).map((t) => t.file) : usedBy(file);
    expect(users, `no test uses ${file} (${basename(file)})`).not.toEqual([]);
  });

  it("every `npm run` script it names is in package.json", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const run = [...guide.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(run.length).toBeGreaterThan(3);
    expect(run.filter((s) => !(s in scripts))).toEqual([]);
  });

  it("every setting it names is read by the code", () => {
    const settings = [...new Set(spans.flatMap((s) => s.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? []))];
    expect(settings.length).toBeGreaterThan(10);
    const code = tracked
      .filter((f) => /^(backend|app|edge|contract|scripts)\/.*\.tsx?$/.test(f) || f === "server.ts" || f === "wrangler.toml")
      .filter((f) => !/\.test\.ts$/.test(f))
      .map(read)
      .join("\n");
    expect(settings.filter((s) => !code.includes(s))).toEqual([]);
  });
});
