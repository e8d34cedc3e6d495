/**
 * The decisions' index (docs/decisions/README.md) and the rules their headers follow:
 *
 *   Date: YYYY-MM-DD
 *   Status: Proposed | Accepted | Amended by [NNNN](file), … | Superseded by [NNNN](file)
 *   Amends: [NNNN](file) (what), …          (optional; the amending decision says what it changes)
 *   Supersedes: [NNNN](file) (why), …       (optional)
 *   Note: …                                 (optional, free text)
 *
 * Links go both ways: a decision that amends or supersedes another is named in the other's Status,
 * and the Status names nothing that does not. `npm run decisions:index` writes those Status lines
 * from the Amends and Supersedes lines, then the index;
 * `npm run decisions:index -- --check` (and scripts/decisions-index.test.ts) fails when a rule is
 * broken or the index is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface Decision {
  number: string;
  file: string;
  title: string;
  date: string;
  status: string;
  /** Decisions this one amends / supersedes, by number. */
  amends: string[];
  supersedes: string[];
  /** The numbers the Status line names (Amended by … / Superseded by …). */
  amendedBy: string[];
  supersededBy: string[];
}

const HEADER_KEYS = ["Date", "Status", "Amends", "Supersedes", "Note"] as const;
const linked = (text: string) => [...text.matchAll(/\[(\d{4})\]\(\d{4}-[^)]+\.md\)/g)].map((m) => m[1]!);

/** One decision's header, read from its text (the lines between the title and the first section). */
export function parseDecision(file: string, text: string): Decision {
  const lines = text.split("\n");
  const fields = new Map<string, string>();
  for (const line of lines.slice(1)) {
    if (line.startsWith("## ")) break;
    const m = /^([A-Z][a-z]+): (.*)$/.exec(line);
    if (m && (HEADER_KEYS as readonly string[]).includes(m[1]!)) fields.set(m[1]!, m[2]!.trim());
  }
  const status = fields.get("Status") ?? "";
  return {
    number: file.slice(0, 4),
    file,
    title: (lines[0] ?? "").replace(/^# \d{4}: /, "").trim(),
    date: fields.get("Date") ?? "",
    status,
    amends: linked(fields.get("Amends") ?? ""),
    supersedes: linked(fields.get("Supersedes") ?? ""),
    amendedBy: status.startsWith("Amended by ") ? linked(status) : [],
    supersededBy: status.startsWith("Superseded by ") ? linked(status) : [],
  };
}

export function readDecisions(dir: string): Decision[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-.+\.md$/.test(f))
    .sort()
    .map((f) => parseDecision(f, readFileSync(join(dir, f), "utf8")));
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const STATUS = /^(Proposed|Accepted|(Amended|Superseded) by \[\d{4}\]\(\d{4}-[^)]+\.md\)(, \[\d{4}\]\(\d{4}-[^)]+\.md\))*)$/;

/** What is wrong with the decisions' headers and links, one line each (empty when nothing is). */
export function problemsOf(decisions: Decision[]): string[] {
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  const out: string[] = [];
  for (const d of decisions) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d.date)) out.push(`${d.file}: Date must be YYYY-MM-DD (is "${d.date}")`);
    if (!STATUS.test(d.status)) out.push(`${d.file}: Status must be Proposed, Accepted, "Amended by [NNNN](file), …" or "Superseded by [NNNN](file)" (is "${d.status}")`);
    for (const n of [...d.amends, ...d.supersedes, ...d.amendedBy, ...d.supersededBy]) {
      if (!byNumber.has(n)) out.push(`${d.file}: links to ${n}, which is not a decision here`);
    }
    const amendedBy = decisions.filter((o) => o.amends.includes(d.number)).map((o) => o.number);
    const supersededBy = decisions.filter((o) => o.supersedes.includes(d.number)).map((o) => o.number);
    if (supersededBy.length > 0) {
      if (!sameSet(d.supersededBy, supersededBy)) out.push(`${d.file}: Status must be "Superseded by" ${supersededBy.join(", ")}`);
    } else if (!sameSet(d.amendedBy, amendedBy)) {
      out.push(`${d.file}: ${amendedBy.length ? `Status must be "Amended by" ${amendedBy.join(", ")}` : "Status names amendments that do not say they amend it"}`);
    } else if (d.supersededBy.length > 0) out.push(`${d.file}: Status names a superseding decision that does not say it supersedes it`);
  }
  return out;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");
const numbers = (ns: string[], all: Map<string, Decision>) => ns.map((n) => `[${n}](${all.get(n)?.file ?? ""})`).join(", ");

/** docs/decisions/README.md. */
export function renderIndex(decisions: Decision[]): string {
  const all = new Map(decisions.map((d) => [d.number, d]));
  const rows = decisions.map((d) => {
    const status = d.supersededBy.length ? `Superseded by ${numbers(d.supersededBy, all)}` : d.amendedBy.length ? `Amended by ${numbers(d.amendedBy, all)}` : d.status;
    const changes = [d.amends.length ? `amends ${numbers(d.amends, all)}` : "", d.supersedes.length ? `supersedes ${numbers(d.supersedes, all)}` : ""].filter(Boolean).join("; ");
    return `| [${d.number}](${d.file}) | ${cell(d.title)} | ${d.date} | ${status} | ${changes} |`;
  });
  return [
    "# Decisions",
    "",
    "Every architecture decision of the project, oldest first. Written by `npm run decisions:index`",
    "from the decisions' own headers (scripts/decisions-index.ts says the rules); do not edit by hand.",
    "",
    "A decision's Status is one of Proposed, Accepted, Amended by NNNN, Superseded by NNNN. The one that",
    "amends or supersedes says what it changes on its own `Amends:` or `Supersedes:` line; the one",
    "changed names it in its Status. Read an amended decision with its amendments.",
    "",
    "| ADR | Decision | Date | Status | Changes |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/**
 * Writes each amended or superseded decision's Status from the Amends and Supersedes lines of the
 * others (the amending decision is the one that says what it changes). Returns the files changed.
 */
export function fixStatuses(dir: string): string[] {
  const decisions = readDecisions(dir);
  const changed: string[] = [];
  for (const d of decisions) {
    const supersededBy = decisions.filter((o) => o.supersedes.includes(d.number));
    const amendedBy = decisions.filter((o) => o.amends.includes(d.number));
    const links = (ds: Decision[]) => ds.map((o) => `[${o.number}](${o.file})`).join(", ");
    const status = supersededBy.length ? `Superseded by ${links(supersededBy)}` : amendedBy.length ? `Amended by ${links(amendedBy)}` : d.status.startsWith("Amended by") ? "Accepted" : d.status;
    if (status === d.status) continue;
    const path = join(dir, d.file);
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(/^Status: .*$/m, `Status: ${status}`));
    changed.push(d.file);
  }
  return changed;
}

export const DECISIONS_DIR = fileURLToPath(new URL("../docs/decisions/", import.meta.url));
export const INDEX_FILE = join(DECISIONS_DIR, "README.md");

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const decisions = readDecisions(DECISIONS_DIR);
  const problems = problemsOf(decisions);
  const index = renderIndex(decisions);
  if (process.argv.includes("--check")) {
    for (const p of problems) console.error(p);
    const stale = readFileSync(INDEX_FILE, "utf8") !== index;
    if (stale) console.error("docs/decisions/README.md is stale: run npm run decisions:index");
    process.exitCode = problems.length || stale ? 1 : 0;
  } else {
    for (const f of fixStatuses(DECISIONS_DIR)) console.log(`${f}: Status written from the decisions that amend it`);
    const fixed = readDecisions(DECISIONS_DIR);
    for (const p of problemsOf(fixed)) console.error(p);
    writeFileSync(INDEX_FILE, renderIndex(fixed));
    console.log(`docs/decisions/README.md: ${fixed.length} decisions`);
    process.exitCode = problemsOf(fixed).length ? 1 : 0;
  }
}
