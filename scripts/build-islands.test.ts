import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { buildIslands, islandFiles } from "./build-islands";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "islands-"));
  dirs.push(dir);
  return dir;
}

const APP_ISLANDS = ["code-field", "level-cards", "point-mall"];
/** The sprite's address as a Remix build names it in the server bundle. */
const SPRITE = "/build/_assets/icons-ABCD1234.svg";

describe("the islands' build (ADR 0067)", () => {
  test("each island is an entry of its own; React is one chunk they share; the map goes over the server bundle's marker", async () => {
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, `const ISLANDS = "__EMBEDDED_ISLANDS__";\nconst SPRITE = "${SPRITE}";\n`);
    // The app's islands plus one more beside them, so the sharing shows.
    const islandsDir = join(dir, "islands");
    const { cpSync } = await import("node:fs");
    cpSync(join(__dirname, "..", "app", "islands"), islandsDir, { recursive: true });
    writeFileSync(join(islandsDir, "probe.island.tsx"), 'import { useState } from "react";\nexport default function Probe() { const [n] = useState(1); return <b>{n}</b>; }\n');
    const { scripts, bytes } = await buildIslands(server, join(dir, "build"), { islandsDir });

    // The entry that only holds React apart is no island.
    expect(Object.keys(scripts).sort()).toEqual([...APP_ISLANDS, "probe"]);
    for (const urls of Object.values(scripts)) {
      expect(urls[0]).toMatch(/^\/build\/_islands\/[\w-]+-\w+\.js$/);
      for (const u of urls) expect(existsSync(join(dir, u.slice(1)))).toBe(true);
    }
    const shared = scripts["probe"]!.slice(1);
    expect(shared.length).toBeGreaterThan(0);
    for (const u of shared) expect(scripts["code-field"]).toContain(u);
    // React, in production, lives in the shared chunks and in no entry.
    const text = (u: string) => readFileSync(join(dir, u.slice(1)), "utf8");
    expect(shared.map(text).join("")).toMatch(/hydrateRoot|react\.production|Minified React error/);
    expect(text(scripts["probe"]![0]!).length).toBeLessThan(1_000);
    expect(shared.map(text).join("")).not.toMatch(/react\.development|__remix/);
    expect(bytes).toBeGreaterThan(0);

    const written = readFileSync(server, "utf8");
    expect(written).not.toContain("__EMBEDDED_ISLANDS__");
    const literal = /^const ISLANDS = (".*");\n/.exec(written)![1]!;
    expect(JSON.parse(JSON.parse(literal))).toEqual(scripts);
    // The icons' sprite an island draws is the address the Remix build gave it.
    expect(scripts["level-cards"]!.map(text).join("")).toContain(SPRITE);
  });

  test("a picture the server bundle does not name fails the build", async () => {
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, 'const ISLANDS = "__EMBEDDED_ISLANDS__";\n');
    await expect(buildIslands(server, join(dir, "build"))).rejects.toThrow(/names no built icons\.svg/);
  });

  test("the app's islands are the files named <name>.island.tsx; one island alone still has React apart", async () => {
    expect(Object.keys(islandFiles())).toEqual(APP_ISLANDS);
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, 'const ISLANDS = "__EMBEDDED_ISLANDS__";\n');
    const islandsDir = join(dir, "islands");
    const { cpSync } = await import("node:fs");
    cpSync(join(__dirname, "..", "app", "islands"), islandsDir, { recursive: true });
    for (const name of APP_ISLANDS.filter((n) => n !== "code-field")) rmSync(join(islandsDir, `${name}.island.tsx`));
    const { scripts } = await buildIslands(server, join(dir, "build"), { islandsDir });
    expect(scripts["code-field"]).toHaveLength(2);
    expect(scripts["code-field"]![1]).toMatch(/^\/build\/_islands\/shared-\w+\.js$/);
  });

  test("a server bundle without the marker is refused, so no build quietly drops its islands", async () => {
    const dir = workspace();
    const server = join(dir, "index.js");
    writeFileSync(server, "const ISLANDS = null;\n");
    await expect(buildIslands(server, join(dir, "build"))).rejects.toThrow(/no "__EMBEDDED_ISLANDS__"/);
    expect(existsSync(join(dir, "build", "_islands"))).toBe(false);
  });
});
