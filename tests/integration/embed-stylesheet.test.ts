/**
 * scripts/embed-stylesheet.ts (ADR 0044) on a small server bundle: the stylesheet's text goes
 * over the marker, as a string the bundle can run; a build that lost the marker, the file, or
 * whose file would end the <style> early stops.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { embedStylesheet } from "../../scripts/embed-stylesheet";

const HREF = "/build/_assets/tailwind-ABC123.css?url";
const SERVER = `const href = "${HREF}";\nconst EMBEDDED = "__EMBEDDED_STYLESHEET__";\nexport const text = EMBEDDED.startsWith("__EMBEDDED_") ? null : EMBEDDED;\n`;
const CSS = '.a\\:b{content:"\\"q\\""}\n.c{color:red}';

let dir = "";
const write = (css: string, server = SERVER) => {
  writeFileSync(join(dir, "index.js"), server);
  writeFileSync(join(dir, "build", "_assets", "tailwind-ABC123.css"), css);
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "embed-css-"));
  mkdirSync(join(dir, "build", "_assets"), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the stylesheet embedded in the server bundle", () => {
  test("its exact text replaces the marker, less the source map comment", async () => {
    write(`${CSS}\n/*# sourceMappingURL=/build/_assets/tailwind-ABC123.css.map */\n`);
    expect(embedStylesheet(join(dir, "index.js"), join(dir, "build"))).toBe(Buffer.byteLength(CSS));
    expect(readFileSync(join(dir, "index.js"), "utf8")).not.toContain("__EMBEDDED_STYLESHEET__");
    const bundle = (await import(`${join(dir, "index.js")}?v=1`)) as { text: string | null };
    expect(bundle.text).toBe(CSS);
  });

  test("a bundle without the marker, without the file, or a file with </style stops the build", () => {
    write(CSS, SERVER.replace("__EMBEDDED_STYLESHEET__", "something else"));
    expect(() => embedStylesheet(join(dir, "index.js"), join(dir, "build"))).toThrow(/no "__EMBEDDED_STYLESHEET__"/);
    write(CSS, SERVER.replace("tailwind-ABC123", "tailwind-MISSING"));
    expect(() => embedStylesheet(join(dir, "index.js"), join(dir, "build"))).toThrow(/no stylesheet/);
    write(".a{content:'</style>'}");
    expect(() => embedStylesheet(join(dir, "index.js"), join(dir, "build"))).toThrow(/<\/style/);
  });
});
