import { describe, expect, it } from "vitest";
import { luhnDigit, parseReceiptReference, receiptReference } from "./receipts";

describe("receipt references (ADR 0075)", () => {
  it("are the kind's letter, the id padded to six digits and its Luhn digit", () => {
    expect(luhnDigit("7992739871")).toBe(3); // the textbook example
    expect(receiptReference("order", 123)).toBe(`GM-O-000123-${luhnDigit("000123")}`);
    expect(receiptReference("withdrawal", 200002)).toBe("GM-W-200002-4");
    expect(receiptReference("transfer", 12_345_678)).toMatch(/^GM-T-12345678-\d$/);
  });

  it("read back to the kind and id, and refuse a mistyped digit, swapped digits or a wrong check digit", () => {
    for (const kind of ["order", "withdrawal", "transfer"] as const) {
      expect(parseReceiptReference(receiptReference(kind, 100_001))).toEqual({ kind, id: 100_001 });
      expect(parseReceiptReference(receiptReference(kind, 7).toLowerCase())).toEqual({ kind, id: 7 });
    }
    const ref = receiptReference("order", 100_021);
    const [, , digits, check] = ref.split("-");
    expect(parseReceiptReference(`GM-O-${digits}-${(Number(check) + 1) % 10}`)).toBeNull();
    expect(parseReceiptReference(`GM-O-${digits.replace(/2/, "3")}-${check}`)).toBeNull();
    expect(parseReceiptReference(`GM-O-100012-${check}`)).toBeNull(); // "21" swapped to "12"
    expect(parseReceiptReference("GM-X-000123-4")).toBeNull();
    expect(parseReceiptReference("GM-O-000000-0")).toBeNull();
  });
});
