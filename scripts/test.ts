/**
 * `npm test`: the whole test run, the way CI runs it.
 *
 *   1. make sure Debian's Chromium is installed (only when the e2e part runs);
 *   2. unit + integration suite  (vitest.config.ts);
 *   3. build the web tier         (npm run build: remix build, then precompress);
 *   4. end-to-end suite           (vitest.e2e.config.ts);
 *   5. the suites that exercise the web tier, again on workerd (npm run build:edge, then
 *      vitest.edge.config.ts);
 *   6. read the vitest JSON reports and print one closing line:
 *        tests: 123 passed, 0 failed[, 4 skipped]
 *
 * The exit code is non-zero when any step failed, any test failed, or no
 * test ran at all. A failing unit step does not stop the e2e part, so both
 * parts always report.
 *
 * Environment:
 *   TEST_ONLY=unit | e2e | edge   run just one part (e2e includes the edge pass).
 *   TEST_EDGE=off          leave the edge pass out (.ci/run: it runs once, on PostgreSQL; the
 *                          web tier on workerd talks to the backend over HTTP and never sees
 *                          which database is behind it).
 *   E2E_NODE_SUITES=web-tier | others   narrow the Node e2e pass (vitest.e2e.config.ts; .ci/run
 *                          crosses the suites over its two databases, ADR 0039).
 *   E2E_SHOTS=off          take no screenshots but failures' (.ci/run: nobody looks at CI's).
 *   TEST_BUILD=reuse       skip `npm run build` when a build is there (.ci/run's second run: the
 *                          first built the same tree a minute before, and a build does not depend
 *                          on the database).
 *   TEST_SUMMARY_FILE=path also write {passed, failed, skipped, ok, failures}
 *                          there as JSON (.ci/run adds up its two runs with
 *                          it and repeats the failures' names at the end).
 *   Everything else (DATABASE_URL, ...) passes through to the test runs.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium";
import e2eSetup from "../tests/e2e/support/global-setup";

/** The parts of vitest's JSON report (jest-compatible) that we read. */
interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: "passed" | "failed";
    message: string;
    assertionResults: Array<{ status: string; fullName?: string; title?: string; failureMessages?: string[] }>;
  }>;
}

/** What one part (unit or e2e) contributed to the total. */
interface PartResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Why a step of this part failed, besides failing tests (exit code, missing report, ...). */
  problems: string[];
  /** Each failed test as "file › name: first line of the error", for the closing lines. */
  failures: string[];
  /** Wall-clock seconds the part's vitest run took (CI shows only its log's tail: ADR 0039). */
  seconds?: number;
}

/** Runs a command with live output; resolves with its exit code (never rejects). */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    child.on("error", (err) => {
      console.error(`could not start ${command}: ${err.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/**
 * One failed test on one line: CI shows only the tail of its log, so the
 * closing lines must name what broke (file relative to the project).
 */
function describeFailure(
  file: string,
  assertion: { fullName?: string; title?: string; failureMessages?: string[] },
): string {
  const where = file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
  // eslint-disable-next-line no-control-regex
  const plain = (assertion.failureMessages?.[0] ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  const firstLine = plain.split("\n")[0].slice(0, 300);
  return `${where} › ${assertion.fullName ?? assertion.title ?? "?"}: ${firstLine}`;
}

/** Runs one vitest config with the JSON reporter and turns its report into a PartResult. */
async function runVitest(name: string, config: string, reportFile: string): Promise<PartResult> {
  const result: PartResult = { name, passed: 0, failed: 0, skipped: 0, problems: [], failures: [] };
  const hookErrorsFile = `${reportFile}.hooks.jsonl`;
  const started = Date.now();
  const code = await run(
    "npx",
    ["vitest", "run", "--config", config, "--reporter=default", "--reporter=json", "--reporter=./tests/support/hook-errors-reporter.ts", `--outputFile=${reportFile}`],
    { HOOK_ERRORS_FILE: hookErrorsFile },
  );
  result.seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) result.problems.push(`vitest exited with code ${code}`);

  if (!existsSync(reportFile)) {
    result.problems.push("vitest wrote no JSON report");
    return result;
  }
  try {
    const report = JSON.parse(await readFile(reportFile, "utf8")) as VitestJsonReport;
    result.passed = report.numPassedTests;
    result.failed = report.numFailedTests;
    result.skipped = report.numPendingTests + report.numTodoTests;
    // A file that failed before any test ran (import error, failing beforeAll
    // with no tests reported) has no failed assertion: count it as one failure
    // so the closing line cannot read "0 failed" for a broken file.
    for (const file of report.testResults) {
      const failedInFile = file.assertionResults.filter((a) => a.status === "failed").length;
      for (const a of file.assertionResults) {
        if (a.status === "failed") result.failures.push(describeFailure(file.name, a));
      }
      if (file.status === "failed" && failedInFile === 0) {
        result.failed += 1;
        result.problems.push(`${file.name}: ${file.message || "failed to run"}`);
      }
    }
  } catch (err) {
    result.problems.push(`unreadable JSON report: ${(err as Error).message}`);
  }
  // Why suites failed outside their tests (a beforeAll or afterAll): the JSON report leaves it out.
  if (existsSync(hookErrorsFile)) {
    for (const line of (await readFile(hookErrorsFile, "utf8")).split("\n").filter(Boolean)) {
      const { where, name, errors } = JSON.parse(line) as { where: string; name: string; errors: string[] };
      const file = where.startsWith(process.cwd()) ? where.slice(process.cwd().length + 1) : where;
      for (const e of errors) result.problems.push(`${file} › ${name} (hook): ${e}`);
    }
  }
  return result;
}

async function main(): Promise<number> {
  const only = process.env.TEST_ONLY;
  if (only && only !== "unit" && only !== "e2e" && only !== "edge") {
    console.error(`TEST_ONLY must be "unit", "e2e" or "edge", not "${only}"`);
    return 2;
  }
  const runUnit = !only || only === "unit";
  const runE2e = only !== "unit";
  const runNodeE2e = only !== "edge";
  const runEdge = only !== "unit" && (only === "edge" || process.env.TEST_EDGE !== "off");

  const reportDir = await mkdtemp(join(tmpdir(), "test-reports-"));
  const parts: PartResult[] = [];

  try {
    // (a) The browser first: a missing one should be said before minutes of tests.
    let chromiumProblem: string | undefined;
    if (runE2e) {
      try {
        await ensureChromium();
      } catch (err) {
        chromiumProblem = (err as Error).message;
        console.error(chromiumProblem);
      }
    }

    // (b) Unit + integration.
    if (runUnit) {
      parts.push(await runVitest("unit", "vitest.config.ts", join(reportDir, "unit.json")));
    }

    // (c) + (d) Build, then end-to-end (pointless without a browser or a build).
    if (runE2e) {
      if (chromiumProblem) {
        parts.push({ name: "e2e", passed: 0, failed: 0, skipped: 0, problems: [chromiumProblem], failures: [] });
      } else {
        // The same build as `npm run build`: remix, then the precompressed copies the server sends.
        // TEST_BUILD=reuse (.ci/run's second run, on the same tree) keeps a build already there.
        const reuse = process.env.TEST_BUILD === "reuse" && existsSync(join(process.cwd(), "build", "index.js"));
        if (reuse) console.log("\nTEST_BUILD=reuse: the web tier's build from the last run is used as it is");
        const buildCode = reuse ? 0 : await run("npm", ["run", "build"]);
        if (buildCode !== 0) {
          parts.push({
            name: "e2e",
            passed: 0,
            failed: 0,
            skipped: 0,
            problems: [`remix build exited with code ${buildCode}; e2e suite not run`],
            failures: [],
          });
        } else {
          // One migrated and seeded database for both passes' servers to copy (ADR 0038), and one
          // bundle of server.ts for them to start from (ADR 0042); without them each server builds
          // its own database and loads server.ts through tsx, slowly but correctly.
          const dropTemplate = await e2eSetup().catch((err: unknown) => {
            console.error(`no e2e database template or server bundle: ${(err as Error).message}`);
            return undefined;
          });
          try {
            if (runNodeE2e) parts.push(await runVitest("e2e", "vitest.e2e.config.ts", join(reportDir, "e2e.json")));
            // (d') The suites that exercise the web tier again, on workerd (vitest.edge.config.ts).
            if (runEdge) {
              const edgeBuild = await run("npm", ["run", "build:edge"]);
              parts.push(
                edgeBuild === 0
                  ? await runVitest("edge", "vitest.edge.config.ts", join(reportDir, "edge.json"))
                  : { name: "edge", passed: 0, failed: 0, skipped: 0, problems: [`build:edge exited with code ${edgeBuild}; edge suites not run`], failures: [] },
              );
            }
          } finally {
            await dropTemplate?.();
          }
        }
      }
    }
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }

  // (e) Summary: one line per part (worded so it is not mistaken for the
  // closing line), the problems, then the closing line.
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log("\n──── test summary ────");
  for (const part of parts) {
    total.passed += part.passed;
    total.failed += part.failed;
    total.skipped += part.skipped;
    const took = part.seconds === undefined ? "" : ` (${part.seconds} s)`;
    console.log(`  ${part.name}: passed ${part.passed} / failed ${part.failed} / skipped ${part.skipped}${took}`);
    for (const problem of part.problems) console.log(`    ! ${problem}`);
    for (const failure of part.failures) console.log(`    ✗ ${failure}`);
  }
  const anyProblem = parts.some((p) => p.problems.length > 0);
  if (total.passed + total.failed === 0) console.log("    ! no test ran");

  const ok = !anyProblem && total.failed === 0 && total.passed > 0;
  if (process.env.TEST_SUMMARY_FILE) {
    const failures = parts.flatMap((p) => [...p.failures, ...p.problems.map((x) => `${p.name}: ${x}`)]);
    const seconds = Object.fromEntries(parts.map((p) => [p.name, p.seconds ?? 0]));
    await writeFile(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...total, ok, failures, seconds }) + "\n");
  }

  const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : "";
  console.log(`tests: ${total.passed} passed, ${total.failed} failed${skipped}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
