/**
 * `npm run bench`: the figures of docs/product/targets.md, each section measured in
 * one run so that ratios compare like with like on whatever machine runs it. Nothing
 * here passes or fails: timings are for comparing commits and checking targets by eye
 * (the byte budgets, which are exact, are tests). Every section prints its table and
 * the whole run is written to tests/bench/last-run.json.
 *
 *   npm run bench                 # every section
 *   npm run bench -- pages server # only the sections named
 *   npm run bench -- soak --minutes 2 --sellers 50   # options (soak.ts) are not section names
 *
 * BENCH_SECONDS sets autocannon's duration per target (default 5).
 */
import { writeFileSync } from "node:fs";
import { sections } from "./sections";

/** Section names: the arguments that are neither an option (`--name`) nor an option's value. */
const wanted = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith("--") && !all[i - 1]?.startsWith("--"));
const report: Record<string, unknown> = { at: new Date().toISOString(), database: process.env.DATABASE_URL ? "postgresql" : "pglite" };
for (const section of sections) {
  if (wanted.length && !wanted.includes(section.name)) continue;
  console.log(`\n## ${section.name}: ${section.title}`);
  report[section.name] = await section.run();
}
writeFileSync(new URL("./last-run.json", import.meta.url), JSON.stringify(report, null, 2));
