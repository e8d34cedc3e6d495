import { describe, expect, it } from "vitest";
import { maskEmail, maskPhone } from "./contacts";

describe("masked contacts", () => {
  it("keeps the first letter and the domain of an e-mail", () => {
    expect(maskEmail("ada.obi@example.com")).toBe("a•••@example.com");
    expect(maskEmail("x@y.ng")).toBe("x•••@y.ng");
    expect(maskEmail("nonsense")).toBe("•••");
  });
  it("keeps the calling code and the last four digits of a mobile", () => {
    expect(maskPhone("234-8012345678")).toBe("+234 •••• 5678");
    expect(maskPhone("8012345678")).toBe("•••• 5678");
  });
});
