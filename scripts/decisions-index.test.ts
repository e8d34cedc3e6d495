import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, INDEX_FILE, parseDecision, problemsOf, readDecisions, renderIndex } from "./decisions-index";

const adr = (number: string, status: string, more = "") =>
  parseDecision(`${number}-x.md`, `# ${number}: X\n\nDate: 2026-11-28\nStatus: ${status}\n${more}\n## Context\n`);

describe("the decisions' index", () => {
  it("every decision here follows the header rules, links both ways, and the index is up to date", () => {
    const decisions = readDecisions(DECISIONS_DIR);
    expect(decisions.length).toBeGreaterThan(50);
    expect(problemsOf(decisions)).toEqual([]);
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(renderIndex(decisions));
  });

  it("finds an amendment the amended decision does not name, and the other way round", () => {
    expect(problemsOf([adr("0001", "Accepted"), adr("0002", "Accepted", "Amends: [0001](0001-x.md) (its lock)")])).toEqual([
      '0001-x.md: Status must be "Amended by" 0002',
    ]);
    expect(problemsOf([adr("0001", "Amended by [0002](0002-x.md)"), adr("0002", "Accepted")])).toEqual([
      "0001-x.md: Status names amendments that do not say they amend it",
    ]);
    expect(problemsOf([adr("0001", "Amended by [0002](0002-x.md)"), adr("0002", "Accepted", "Amends: [0001](0001-x.md) (its lock)")])).toEqual([]);
  });

  it("takes statuses from one vocabulary, and a superseded decision says so", () => {
    expect(problemsOf([adr("0001", "accepted")])[0]).toMatch(/Status must be Proposed, Accepted/);
    expect(problemsOf([adr("0001", "Accepted; amended later")])[0]).toMatch(/Status must be/);
    expect(problemsOf([adr("0001", "Accepted"), adr("0002", "Proposed", "Supersedes: [0001](0001-x.md) (all of it)")])).toEqual([
      '0001-x.md: Status must be "Superseded by" 0002',
    ]);
    expect(problemsOf([adr("0001", "Superseded by [0002](0002-x.md)"), adr("0002", "Accepted", "Supersedes: [0001](0001-x.md)")])).toEqual([]);
    expect(problemsOf([adr("0001", "Accepted", "Amends: [0009](0009-x.md)")])).toEqual(["0001-x.md: links to 0009, which is not a decision here"]);
  });
});
