/**
 * scripts/build.ts stashClientMaps: the browser build's source maps leave public/build, and the
 * scripts and stylesheets that named them lose their comment (no file points at a missing map).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { stashClientMaps } from "../../scripts/build";

const dir = mkdtempSync(join(tmpdir(), "client-maps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("maps move out; scripts and stylesheets lose their source map comment", () => {
  const build = join(dir, "build");
  mkdirSync(join(build, "_assets"), { recursive: true });
  writeFileSync(join(build, "a.js"), "export const a = 1;\n//# sourceMappingURL=a.js.map\n");
  writeFileSync(join(build, "a.js.map"), "{}");
  writeFileSync(join(build, "_assets", "s.css"), ".a{color:red}\n/*# sourceMappingURL=/build/_assets/s.css.map */\n");
  writeFileSync(join(build, "_assets", "s.css.map"), "{}");
  expect(stashClientMaps(build, join(dir, "maps"))).toBe(2);
  expect(existsSync(join(build, "a.js.map"))).toBe(false);
  expect(existsSync(join(dir, "maps", "_assets", "s.css.map"))).toBe(true);
  expect(readFileSync(join(build, "a.js"), "utf8")).toBe("export const a = 1;\n");
  expect(readFileSync(join(build, "_assets", "s.css"), "utf8")).toBe(".a{color:red}");
});
