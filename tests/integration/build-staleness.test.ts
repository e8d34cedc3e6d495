/**
 * `npm start` rebuilds the web tier when its sources are newer than the build (buildIsStale): a
 * test file added beside the code is not such a source (it used to rebuild public/build under a
 * running e2e suite), and a change to the build's own scripts is.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { BUILD_SCRIPTS, buildIsStale } from "../../scripts/build";

let root: string;
const BUILT = "build/index.js";
const OLD = new Date("2026-01-01T00:00:00Z");
const NEW = new Date("2026-01-02T00:00:00Z");

/** Writes `path` under the fake project with the given modification time. */
function touch(path: string, when: Date) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "x");
  utimesSync(file, when, when);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "stale-"));
  for (const f of ["app/root.tsx", "contract/entities.ts", "remix.config.js", "tailwind.config.ts", "package.json", ...BUILD_SCRIPTS]) touch(f, OLD);
  touch(BUILT, NEW);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const stale = (extra: string[] = []) => buildIsStale(join(root, BUILT), extra, root);

describe("buildIsStale", () => {
  test("a build newer than every source is kept; a missing one is made", () => {
    expect(stale()).toBe(false);
    rmSync(join(root, BUILT));
    expect(stale()).toBe(true);
  });

  test("a newer module under app/ or contract/ makes it stale", () => {
    touch("app/routes/_main.home.tsx", new Date("2026-01-03T00:00:00Z"));
    expect(stale()).toBe(true);
  });

  test("a newer test beside the code does not", () => {
    touch("app/components/ui/icon.test.ts", new Date("2026-01-03T00:00:00Z"));
    touch("contract/contract.test.ts", new Date("2026-01-03T00:00:00Z"));
    expect(stale()).toBe(false);
  });

  test("a newer build script does, and so does a newer extra source", () => {
    touch("scripts/minify-scripts.ts", new Date("2026-01-03T00:00:00Z"));
    expect(stale()).toBe(true);
    touch("scripts/minify-scripts.ts", OLD);
    touch("edge/worker.ts", new Date("2026-01-03T00:00:00Z"));
    expect(stale()).toBe(false);
    expect(stale(["edge"])).toBe(true);
  });
});
