/**
 * Repetition we keep on purpose (docs/decisions/0065-declared-repetition.md), and the check that
 * nothing else repeats: `npm run repetition:check` runs the `duplicates` tool (a developer's tool,
 * on the PATH of our workstations, not installed by `npm ci`) over the tree and fails when more
 * than LIMIT pairs remain that are
 *   - outside tests/ and *.test.ts files,
 *   - not marked `boilerplate` by the tool, and
 *   - not both inside one DECLARED family below.
 * Without the tool it says so and exits 0: CI has no copy of it.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const LIMIT = 10;

/** A family of files whose likeness is their form, not copied logic; each says why. */
export interface Declared {
  name: string;
  why: string;
  files: RegExp;
}

export const DECLARED: Declared[] = [
  {
    name: "contract shapes",
    why: "each entity is a zod schema and its inferred type, each call a path with its request and answer: the same form, other names",
    files: /^contract\/(entities\.ts|calls\/[\w-]+\.ts)$/,
  },
  { name: "migrations", why: "applied migrations are history; a shared helper would change what an old one does", files: /^backend\/db\/migrations\// },
  {
    name: "frozen backfill",
    why: "migration 036 backfilled trader days with the recount of its day; the module's recount may change, the applied migration must not (ADR 0048)",
    files: /^backend\/(db\/migrations\/036-trader-days|modules\/trader-figures\/days)\.ts$/,
  },
  {
    name: "table types",
    why: "the row types of the main and the chat databases: one Kysely interface per table",
    files: /^backend\/db\/(schema|chat-schema)\.ts$/,
  },
  { name: "demo data", why: "rows of the demo world and their inserts, one table each", files: /^backend\/demo\// },
  {
    name: "query joins",
    why: "a list query's joins and columns name its own tables; one builder for all would hide what each reads",
    files: /^backend\/modules\/[\w-]+\/(queries|mall-orders)\.ts$/,
  },
  {
    name: "chat adapters",
    why: "the built-in and the Tencent chat clients import the same interface's names",
    files: /^app\/chat\/(builtin|tencent)\.client\.ts$/,
  },
];

export interface Pair {
  row: string;
  a: string;
  b: string;
  boilerplate: boolean;
}

const ROW = /^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$/;
const isTest = (path: string) => path.startsWith("tests/") || /\.test\.tsx?$/.test(path);

export function parsePairs(output: string): Pair[] {
  const pairs: Pair[] = [];
  for (const line of output.split("\n")) {
    const m = ROW.exec(line.trim());
    if (m) pairs.push({ row: line.trim(), a: m[1], b: m[2], boilerplate: /\bboilerplate\b/.test(m[3]) });
  }
  return pairs;
}

/** The family that declares both sides of a pair, if one does. */
export const declaredBy = (p: Pair) => DECLARED.find((d) => d.files.test(p.a) && d.files.test(p.b)) ?? null;

/** The pairs that count against LIMIT. */
export const counted = (pairs: Pair[]) => pairs.filter((p) => !isTest(p.a) && !isTest(p.b) && !p.boilerplate && !declaredBy(p));

function main(): number {
  const run = spawnSync("duplicates", ["--most", "200", "--seconds", "60"], { encoding: "utf8" });
  if (run.error) {
    console.log("repetition:check: the duplicates tool is not on this machine's PATH; nothing checked.");
    return 0;
  }
  const pairs = parsePairs(run.stdout);
  const declared = pairs.filter((p) => !isTest(p.a) && !isTest(p.b) && !p.boilerplate && declaredBy(p));
  const left = counted(pairs);
  for (const d of DECLARED) {
    const n = declared.filter((p) => declaredBy(p) === d).length;
    if (n > 0) console.log(`declared (${d.name}): ${n}`);
  }
  for (const p of left) console.log(p.row);
  console.log(`${left.length} pairs outside tests, not boilerplate and not declared (at most ${LIMIT})`);
  return left.length > LIMIT ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
