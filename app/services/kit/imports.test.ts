/**
 * The import rules of the web tier (docs/architecture.md#rule-5, docs/decisions/0015-route-kit.md),
 * checked over every file of app/: a runtime package only through the kit, no Node module,
 * nothing from backend/, and services never reach up into components.
 */
import { describe, expect, test } from "vitest";
import { appSources } from "../../../tests/support/app-sources";

const sources = appSources();
const importsOf = (text: string) => [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^;]*?from\s+"([^"]+)"/g)].map((m) => m[1]);
const offenders = (test: (file: string, spec: string) => boolean) =>
  sources.flatMap(({ path, text }) => importsOf(text).filter((spec) => test(path, spec)).map((spec) => `${path} → ${spec}`));

describe("app/ imports", () => {
  test("the runtime comes only through services/kit/http.server.ts, and is no Node adapter", () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(offenders((_file, spec) => /^@remix-run\/(node|express|cloudflare)/.test(spec))).toEqual([]);
    expect(offenders((file, spec) => spec.startsWith("@remix-run/server-runtime") && file !== "services/kit/http.server.ts")).toEqual([]);
  });

  test("no Node module and nothing from backend/", () => {
    expect(offenders((_file, spec) => spec.startsWith("node:") || /(^|\/)backend\//.test(spec))).toEqual([]);
  });

  test("no Node global or built-in either (the web tier must run on an edge runtime: ADR 0031)", () => {
    const builtins = /^(assert|buffer|child_process|crypto|events|fs|http|https|net|os|path|stream|url|util|zlib)(\/|$)/;
    expect(offenders((_file, spec) => builtins.test(spec))).toEqual([]);
    const nodeGlobal = /\b(Buffer\b|process\.|__dirname|__filename|require\(|setImmediate\()/;
    const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "");
    expect(sources.filter(({ text }) => nodeGlobal.test(code(text))).map(({ path, text }) => `${path}: ${code(text).match(nodeGlobal)![0]}`)).toEqual([]);
  });

  test("services never import components", () => {
    expect(offenders((file, spec) => file.startsWith("services/") && /(^~\/components\/|\/components\/)/.test(spec))).toEqual([]);
  });
});
