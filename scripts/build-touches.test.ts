import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { buildTouches } from "./build-touches";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "touches-"));
  dirs.push(dir);
  return dir;
}

describe("the touches script (ADR 0067)", () => {
  test("is built into the browser build and its address written over the server bundle's marker", async () => {
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, 'const TOUCHES = "__EMBEDDED_TOUCHES__";\n');
    const { url, bytes } = await buildTouches(server, join(dir, "build"));
    expect(url).toMatch(/^\/build\/_touches\/touches-\w+\.js$/);
    expect(readFileSync(server, "utf8")).toBe(`const TOUCHES = ${JSON.stringify(url)};\n`);
    const script = readFileSync(join(dir, url.slice(1)), "utf8");
    expect(script.length).toBe(bytes);
    // A few kilobytes of plain script on the wire: no React, no Remix (the islands' boot included;
    // they load React themselves). Brotli is what a phone pays: 3.4 KB for 10.5 KB minified.
    expect(brotliCompressSync(script).length).toBeLessThan(4_500);
    expect(script).not.toMatch(/react|__remix/i);
  });

  test("a server bundle without the marker is refused, so no build quietly hydrates every page", async () => {
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, "const TOUCHES = null;\n");
    await expect(buildTouches(server, join(dir, "build"))).rejects.toThrow(/no "__EMBEDDED_TOUCHES__"/);
    expect(existsSync(join(dir, "build", "_touches"))).toBe(false);
  });
});
