import { describe, expect, test } from "vitest";
import { bannerTarget } from "../../routes/banner.$id";
import { AMOUNT_INVALID, offersFor, parseFilters, pricedFace } from "../../services/catalog/adverts.server";
import { TWO_DECIMALS } from "~/services/money/format";
import type { AdvertWithMerchant } from "../../../contract/entities";
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

describe("advert filters and the calculator's list (ADR 0072)", () => {
  const offer = (o: Partial<AdvertWithMerchant>) =>
    ({ minTrade: 2500, maxTrade: 50000, fixTrade: "", cardType: 0, tradeAmount: 1_000_000, tradeCurrency: "USD", discount: 8000, onlineStatus: 1, codesPerOrder: 0, ...o }) as AdvertWithMerchant;
  const range = offer({ id: 1 });
  const fixed = offer({ id: 2, minTrade: 5000, maxTrade: 100000, fixTrade: "5000|10000|20000", cardType: 1, discount: 9000 });
  const gbp = offer({ id: 3, tradeCurrency: "GBP", discount: 9500 });
  const ids = (l: { id: number }[]) => l.map((a) => a.id);
  const RATE = 5_000_000;
  test("a face is taken by the range, or by the fixed faces when there are some, and only up to what is left", () => {
    expect(ids(offersFor([range, fixed], { face: 10_000, type: null, currency: "USD" }, RATE))).toEqual([2, 1]);
    expect(ids(offersFor([range, fixed], { face: 100_000, type: null, currency: "USD" }, RATE))).toEqual([]);
    expect(ids(offersFor([range, fixed], { face: 7_500, type: null, currency: "USD" }, RATE))).toEqual([1]);
    expect(ids(offersFor([offer({ id: 4, tradeAmount: 5_000 })], { face: 10_000, type: null, currency: "USD" }, RATE))).toEqual([]);
  });
  test("type and face together; no face: only the type", () => {
    expect(ids(offersFor([range, fixed], { face: 10_000, type: 1, currency: "USD" }, RATE))).toEqual([2]);
    expect(ids(offersFor([range, fixed], { face: null, type: 0, currency: "USD" }, RATE))).toEqual([1]);
    expect(offersFor([range, fixed], { face: null, type: null, currency: "" }, RATE)).toHaveLength(2);
  });
  test("priced in one currency: exact coins and naira, most paying first; across currencies: the list's order, no figure", () => {
    const usd = offersFor([range, fixed], { face: 10_000, type: null, currency: "USD" }, RATE);
    expect(usd.map((a) => a.pays)).toEqual([
      { coins: 9_000, naira: 4_500_000 },
      { coins: 8_000, naira: 4_000_000 },
    ]);
    const mixed = offersFor([range, gbp, fixed], { face: 10_000, type: null, currency: "" }, RATE);
    expect(ids(mixed)).toEqual([1, 3, 2]);
    expect(mixed.every((a) => a.pays === undefined)).toBe(true);
  });
  test("the face priced: a typed amount wins over the pill; a bad one is said at the field", () => {
    expect(pricedFace({ face: 100, amount: "" })).toEqual({ face: 10_000, error: null });
    expect(pricedFace({ face: 100, amount: "25.50" })).toEqual({ face: 2_550, error: null });
    expect(pricedFace({ face: null, amount: "1,000" })).toEqual({ face: 100_000, error: null });
    expect(pricedFace({ face: null, amount: "abc" })).toEqual({ face: null, error: AMOUNT_INVALID });
    expect(pricedFace({ face: null, amount: "0" })).toEqual({ face: null, error: AMOUNT_INVALID });
    expect(pricedFace({ face: null, amount: "1.234" })).toEqual({ face: null, error: TWO_DECIMALS });
  });
  test("query parsing ignores unknown values", () => {
    const currencies = [{ id: 1, currency: "USD", symbol: "$", nameEn: "US Dollar" }];
    expect(parseFilters(new URL("http://x/a?currency=usd&face=100&type=1&amount=%2025%20"), currencies)).toEqual({ currency: "USD", face: 100, amount: "25", type: 1 });
    expect(parseFilters(new URL("http://x/a?currency=XYZ&face=75&type=9"), currencies)).toEqual({ currency: "", face: null, amount: "", type: null });
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
