/**
 * A vitest reporter for scripts/test.ts: a failing beforeAll/afterAll leaves its tests
 * "skipped" and its error out of the JSON report, so CI's summary could only say "failed to
 * run". This appends one JSON line per failed suite or file (where, and the first line of each
 * error) to HOOK_ERRORS_FILE, which the summary prints.
 */
import { appendFileSync } from "node:fs";
import type { Reporter, TestModule, TestSuite } from "vitest/node";

function firstLines(errors: ReadonlyArray<{ message?: string; name?: string }>): string[] {
  return errors.map((e) => `${e.name ?? "Error"}: ${(e.message ?? "").split("\n")[0].slice(0, 300)}`);
}

function record(where: string, name: string, errors: ReadonlyArray<{ message?: string; name?: string }>) {
  const file = process.env.HOOK_ERRORS_FILE;
  if (!file || errors.length === 0) return;
  appendFileSync(file, `${JSON.stringify({ where, name, errors: firstLines(errors) })}\n`);
}

export default class HookErrorsReporter implements Reporter {
  onTestSuiteResult(suite: TestSuite) {
    record(suite.module.moduleId, suite.fullName, suite.errors());
  }
  onTestModuleEnd(module: TestModule) {
    record(module.moduleId, "(file)", module.errors());
  }
}
