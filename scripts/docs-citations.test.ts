/**
 * The repository stands on its own: code and documents cite only what is in it. A citation of a
 * document that is not here (the old specification's sections, its architecture rules, its UI
 * guide, the issue tracker) is refused, and every `docs/….md#anchor` named in code and every
 * relative link in docs/ leads to a file and a heading that exist.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const tracked = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.md", "*.css"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((f) => f && existsSync(join(ROOT, f)));
const read = (f: string) => readFileSync(join(ROOT, f), "utf8");

/** Citations of documents outside the repository. */
const OUTSIDE = /\b[Ss]pec §|ARCHITECTURE(\.md)? rule|\bUI\.md\b|\/work\/shared|\.\.\/shared\/|\b[Ii]ssues? \d+\b/;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const anchorsCache = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  let a = anchorsCache.get(file);
  if (!a) {
    const seen = new Map<string, number>();
    a = new Set();
    for (const m of read(file).matchAll(/^#{1,6} (.+)$/gm)) {
      const base = anchorOf(m[1]!.replace(/`/g, ""));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      a.add(n === 0 ? base : `${base}-${n}`);
    }
    anchorsCache.set(file, a);
  }
  return a;
}

/** What is wrong with a reference to `path` (relative to the root) and its anchor, if anything. */
function brokenTarget(path: string, anchor: string | undefined): string | null {
  if (!existsSync(join(ROOT, path))) return `${path} does not exist`;
  if (anchor && path.endsWith(".md") && !anchorsIn(path).has(anchor)) return `${path} has no heading #${anchor}`;
  return null;
}

describe("the repository stands on its own", () => {
  it("no file cites the old specification, its rules or guide, or an issue number", () => {
    const found = tracked
      .flatMap((f) =>
        read(f)
          .split("\n")
          .map((line, i) => ({ f, i, line }))
          .filter(({ line }) => OUTSIDE.test(line)),
      )
      .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
    expect(found).toEqual([]);
  });

  it("every docs/….md a file names exists, with the heading its anchor names", () => {
    const broken: string[] = [];
    for (const f of tracked) {
      for (const m of read(f).matchAll(/(?<![\w/.])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) {
        const problem = brokenTarget(m[1]!, m[2]);
        if (problem) broken.push(`${f}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every relative link in docs/ and the README leads to a file and heading that exist", () => {
    const broken: string[] = [];
    for (const f of tracked.filter((x) => x.endsWith(".md"))) {
      for (const m of read(f).matchAll(/\]\(((?!https?:|mailto:|#)[^)\s]+?)(?:#([\w-]+))?\)/g)) {
        const problem = brokenTarget(normalize(join(dirname(f), m[1]!)), m[2]);
        if (problem) broken.push(`${f}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("finds what it is meant to find", () => {
    // Built from parts, so this file holds no citation itself.
    const [doc, tracker] = ["spec", "issue"];
    expect(OUTSIDE.test(`the statuses (${doc} §4)`)).toBe(true);
    expect(OUTSIDE.test(`as ${tracker} 12 asks`)).toBe(true);
    expect(OUTSIDE.test("see docs/product/statuses.md")).toBe(false);
    expect(anchorOf("Rule 7")).toBe("rule-7");
    expect(anchorOf("`getAdvertList`, the list")).toBe("getadvertlist-the-list");
    expect(brokenTarget("docs/product/statuses.md", "no-such-heading")).toMatch(/has no heading/);
  });
});
