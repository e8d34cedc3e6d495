import { describe, expect, test } from "vitest";
import { counted, declaredBy, parsePairs } from "./repetition";

const OUTPUT = `118 pairs of places (786 files read), …
D1 contract/entities.ts:84-98 ~ contract/entities.ts:379-391 shape (+35 more runs)
D2 tests/integration/a.test.ts:12-34 ~ tests/integration/b.test.ts:16-38
D3 app/components/staff/OrderDecision.tsx:57-66 ~ app/components/staff/OrderDecision.tsx:70-79 shape (+3 more runs)
D4 backend/modules/orders/queries.ts:20-26 ~ backend/modules/withdrawals/queries.ts:57-63 shape
D5 backend/modules/orders/queries.ts:20-26 ~ backend/modules/orders/handlers.ts:57-63 shape
D6 app/a.tsx:1-9 ~ app/b.tsx:1-9 shape boilerplate
(+110 more pairs)`;

describe("declared repetition", () => {
  const pairs = parsePairs(OUTPUT);
  test("reads every row of the tool's answer", () => {
    expect(pairs.map((p) => [p.a, p.b, p.boilerplate])).toEqual([
      ["contract/entities.ts", "contract/entities.ts", false],
      ["tests/integration/a.test.ts", "tests/integration/b.test.ts", false],
      ["app/components/staff/OrderDecision.tsx", "app/components/staff/OrderDecision.tsx", false],
      ["backend/modules/orders/queries.ts", "backend/modules/withdrawals/queries.ts", false],
      ["backend/modules/orders/queries.ts", "backend/modules/orders/handlers.ts", false],
      ["app/a.tsx", "app/b.tsx", true],
    ]);
  });
  test("counts what is neither a test, nor boilerplate, nor inside one declared family", () => {
    expect(counted(pairs).map((p) => p.row.split(" ")[0])).toEqual(["D3", "D5"]);
  });
  test("a pair is declared only when both sides are in the family", () => {
    expect(declaredBy(pairs[3])?.name).toBe("query joins");
    expect(declaredBy(pairs[4])).toBeNull();
  });
});
