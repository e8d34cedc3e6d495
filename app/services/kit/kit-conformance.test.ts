/**
 * What the kit does, no route or service does by hand (docs/decisions/0015-route-kit.md): read the
 * posted intent (dispatchIntent, intentOf; usePosting in the browser), write a cache header
 * (NO_STORE, noStoreDocument, privateFor, resource.server.ts), or test for code 3 (requireApi,
 * optionalApi, requireDesk; endsSignIn). Checked over every file of app/routes and app/services
 * outside the kit, comments left out.
 */
import { describe, expect, test } from "vitest";
import { appSources } from "../../../tests/support/app-sources";

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/[^\n]*/g, (m, lead: string | undefined) => (m.startsWith("/*") ? m.replace(/[^\n]/g, " ") : (lead ?? "")));
const sources = [...appSources("routes"), ...appSources("services")]
  .filter(({ path }) => !path.startsWith("services/kit/"))
  .map(({ path, text }) => ({ path, lines: withoutComments(text).split("\n") }));

/** Every line matching `rule`, as "path:line: text". */
const offenders = (rule: RegExp) =>
  sources.flatMap(({ path, lines }) => lines.flatMap((line, i) => (rule.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])));

describe("routes and services leave to the kit", () => {
  test("it reads the whole of app/routes and app/services", () => {
    expect(sources.filter(({ path }) => path.startsWith("routes/")).length).toBeGreaterThan(60);
    expect(sources.filter(({ path }) => path.startsWith("services/")).length).toBeGreaterThan(40);
  });

  test("the posted intent: dispatchIntent runs it, intentOf or usePosting reads it", () => {
    // A form's `name="intent"` is the browser's side; any other "intent" is a field read by hand.
    expect(offenders(/(?<!name=)["'`]intent["'`]/)).toEqual([]);
  });

  test("cache headers: NO_STORE, noStoreDocument, privateFor and the resource answers write them", () => {
    expect(offenders(/["'`]cache-control["'`]/i)).toEqual([]);
    expect(offenders(/["'`][^"'`\n]*\bno-store\b/)).toEqual([]);
  });

  test("code 3: the kit's callers answer it; endsSignIn names it", () => {
    expect(offenders(/\bcode\s*[!=]==?\s*3\b|\bNOT_LOGGED_IN\b/)).toEqual([]);
  });
});
