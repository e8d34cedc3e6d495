import { describe, expect, test } from "vitest";
import { bannerTarget } from "../../routes/banner.$id";
import { applyFilters, parseFilters, takesFace } from "../../services/catalog/adverts.server";
import { contactHref } from "~/services/layout/contact";
import { coinsPerUnit, faceUnits, ngnPerUnit } from "~/services/money/offers";
// Not through offers.ts: a re-export there made /home load the sell rules (ADR 0028).
import { fixedFaces } from "../../../contract/sell-rules";

describe("money", () => {
  test("NGN per unit of currency: maxDiscount/10000 × ngnRate/100, 2 decimals", () => {
    expect(ngnPerUnit(8500, 54673)).toBe("₦464.72");
    expect(ngnPerUnit(8800, 54673)).toBe("₦481.12");
    expect(ngnPerUnit(0, 54673)).toBe("₦0.00");
    expect(ngnPerUnit(30000, 150000)).toBe("₦4,500.00");
  });
  test("coins per unit and faces", () => {
    expect(coinsPerUnit(8600)).toBe("0.86");
    expect(coinsPerUnit(8450)).toBe("0.845");
    expect(coinsPerUnit(10541)).toBe("1.0541");
    expect(coinsPerUnit(12000)).toBe("1.20");
    expect(faceUnits(2500)).toBe("25");
    expect(faceUnits(2550)).toBe("25.50");
    expect(faceUnits(2000000)).toBe("20,000");
    expect(fixedFaces("5000|10000| x |20000")).toEqual([5000, 10000, 20000]);
    expect(fixedFaces("")).toEqual([]);
  });
});

describe("advert filters", () => {
  const range = { minTrade: 2500, maxTrade: 50000, fixTrade: "", cardType: 0 as const };
  const fixed = { minTrade: 5000, maxTrade: 100000, fixTrade: "5000|10000|20000", cardType: 1 as const };
  test("a face is taken by the range, or by the fixed faces when there are some", () => {
    expect(takesFace(range, 100)).toBe(true);
    expect(takesFace(range, 1000)).toBe(false);
    expect(takesFace(fixed, 100)).toBe(true);
    expect(takesFace(fixed, 500)).toBe(false);
  });
  test("type and face together", () => {
    expect(applyFilters([range, fixed], { face: 100, type: 1 })).toEqual([fixed]);
    expect(applyFilters([range, fixed], { face: null, type: 0 })).toEqual([range]);
    expect(applyFilters([range, fixed], { face: null, type: null })).toHaveLength(2);
  });
  test("query parsing ignores unknown values", () => {
    const currencies = [{ id: 1, currency: "USD", symbol: "$", nameEn: "US Dollar" }];
    expect(parseFilters(new URL("http://x/a?currency=usd&face=100&type=1"), currencies)).toEqual({ currency: "USD", face: 100, type: 1 });
    expect(parseFilters(new URL("http://x/a?currency=XYZ&face=75&type=9"), currencies)).toEqual({ currency: "", face: null, type: null });
  });
});

describe("links from config", () => {
  test("banner targets: internal single-slash paths; external http(s) only, in the web view", () => {
    expect(bannerTarget({ id: 1, type: 2, url: "/advertList/1" })).toBe("/advertList/1");
    expect(bannerTarget({ id: 1, type: 2, url: "//evil.example" })).toBeNull();
    expect(bannerTarget({ id: 1, type: 2, url: "/\\evil.example" })).toBeNull();
    expect(bannerTarget({ id: 1, type: 2, url: "https://x.example" })).toBeNull();
    expect(bannerTarget({ id: 7, type: 1, url: "https://x.example/a" })).toBe("/webView?banner=7");
    expect(bannerTarget({ id: 7, type: 3, url: "javascript:alert(1)" })).toBeNull();
    expect(bannerTarget({ id: 7, type: 3, url: "/home" })).toBeNull();
  });
  test("contact links", () => {
    expect(contactHref({ email: "a@b.example" }, "email")).toBe("mailto:a@b.example");
    expect(contactHref({ blog: "javascript:alert(1)" }, "blog")).toBeUndefined();
    expect(contactHref({ whatsapp: "+234 800 000 0000" }, "whatsapp")).toBe("https://wa.me/2348000000000");
    expect(contactHref({}, "telegram")).toBeUndefined();
  });
});
