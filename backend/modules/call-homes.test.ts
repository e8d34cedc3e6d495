/**
 * A call's home is guessable from its contract file: contract/calls/<module>[-<side>].ts holds
 * only calls that backend/modules/<module>/ answers (orders-desks.ts: the desks' side of orders,
 * answered by modules/orders). A newcomer who finds a call in the contract opens one folder.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CALLS = join(ROOT, "contract/calls");
const MODULES = join(ROOT, "backend/modules");

const modules = readdirSync(MODULES).filter((m) => statSync(join(MODULES, m)).isDirectory());
/** The backend module a contract file belongs to: the longest module name its name starts with. */
const moduleOf = (file: string) =>
  modules
    .filter((m) => file === `${m}.ts` || file.startsWith(`${m}-`))
    .sort((a, b) => b.length - a.length)[0];

function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sourcesOf(p);
    return f.endsWith(".ts") && !f.endsWith(".test.ts") ? [readFileSync(p, "utf8")] : [];
  });
}

describe("where a call is answered", () => {
  const files = readdirSync(CALLS).filter((f) => f.endsWith(".ts") && f !== "common.ts");

  it("every contract file is named after the backend module that answers it", () => {
    expect(files.filter((f) => moduleOf(f) === undefined)).toEqual([]);
  });

  it("every call of a contract file is answered in that module's folder", () => {
    const astray: string[] = [];
    for (const f of files) {
      const m = moduleOf(f);
      if (!m) continue;
      const handlers = sourcesOf(join(MODULES, m)).join("\n");
      for (const [, path] of readFileSync(join(CALLS, f), "utf8").matchAll(/^ {2}"(\/[\w/]+)": defineCall\(/gm)) {
        // A handler is a method `"/path"(input, ctx)`, a property `"/path": (input, ctx) =>`, or a
        // desk's command `"/path": deskCommand(role, …)` (backend/http/desk-command.ts).
        const forms = [`"${path}"(`, `"${path}": (`, `"${path}": deskCommand(`];
        if (!forms.some((form) => handlers.includes(form))) astray.push(`${f}: ${path} is not answered in backend/modules/${m}`);
      }
    }
    expect(astray).toEqual([]);
  });

  it("the rule tells modules apart by their longest name", () => {
    expect(moduleOf("virtual-coin-staff.ts")).toBe("virtual-coin");
    expect(moduleOf("orders-desks.ts")).toBe("orders");
    expect(moduleOf("desks.ts")).toBeUndefined();
  });
});
