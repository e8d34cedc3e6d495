/** The sell-card form's rules (docs/product/validation.md) and the order display helpers. */
import { describe, expect, test } from "vitest";
import { MESSAGES } from "../../../contract/fields";
import { orderTimer, parseAdvertInfo, parseTab } from "../orders";
import { codeBlocks, splitCardCodes, tooManyCodesMessage } from "../../../contract/card-codes";
import { TWO_DECIMALS } from "../money/format";
import { CHOOSE_FACE, SELL_FORM_EXPIRED as SECRET_MISSING, fixedFacesMessage, type SellOffer as SellRules } from "../../../contract/sell-rules";
import { isSupportedImage } from "./sell";
import { sellSchema } from "./sell.schema";

const ecode: SellRules = { cardType: 1, online: true, minTrade: 2500, maxTrade: 20000, remain: 5000, currency: "USD", faces: [], codesPerOrder: 0 };
const picture: SellRules = { ...ecode, cardType: 0 };

const issues = (rules: SellRules, input: Record<string, unknown>, fileCount = 0) => {
  const r = sellSchema(rules, { fileCount }).safeParse({ secret: "s3cret", ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
};

describe("sell schema", () => {
  test("the spec's order and messages", () => {
    expect(issues({ ...ecode, online: false }, { face: "30", cardCode: "A" })).toEqual([`:${MESSAGES.businessOffline}`]);
    expect(issues(ecode, { face: "10", cardCode: "A" })).toEqual([`face:The CardFace must be between 25-200 USD.`]);
    expect(issues(ecode, { face: "", cardCode: "A" })).toEqual([`face:The CardFace must be between 25-200 USD.`]);
    expect(issues(ecode, { face: "60", cardCode: "A" })).toEqual([`face:${MESSAGES.remainNotEnough}`]);
    expect(issues(ecode, { face: "30", cardCode: " \n\t\r\n " })).toEqual([`cardCode:${MESSAGES.cardCodeEmpty}`]);
    expect(issues(picture, { face: "30" })).toEqual([`cardImg:${MESSAGES.cardImageEmpty}`]);
    expect(issues(picture, { face: "30" }, 1)).toEqual([]);
    expect(issues(picture, { face: "30", cardImg: Array(11).fill("/blob/order/x.jpg").join("|") })).toEqual(["cardImg:At most 10 images."]);
    // A fixed-face offer: no face chosen, or one it does not take (the same words as /order/addOrder's).
    expect(issues({ ...ecode, faces: [2500, 5000] }, { cardCode: "A" })).toEqual([`face:${CHOOSE_FACE}`]);
    expect(issues({ ...ecode, faces: [2500, 5000] }, { face: "30", cardCode: "A" })).toEqual([`face:${fixedFacesMessage([2500, 5000], "USD")}`]);
    expect(issues({ ...ecode, faces: [2500, 5000] }, { face: "25", cardCode: "A" })).toEqual([]);
    const noSecret = sellSchema(ecode).safeParse({ face: "30", cardCode: "A" });
    expect(noSecret.success ? "" : noSecret.error.issues[0].message).toBe(SECRET_MISSING);
  });

  test("output: minor units, codes exactly as typed one per line, image paths", () => {
    const v = sellSchema(ecode).parse({ secret: "s", face: "25.50", cardCode: "  abcd efgh 1234 5678, ZZZZ-9999 \r\n\nLIVE1234CODE\n", remark: " hi " });
    expect(v).toEqual({ secret: "s", tradeAmount: 2550, cardImg: [], cardCode: ["abcd efgh 1234 5678, ZZZZ-9999", "LIVE1234CODE"], remark: "hi" });
    const p = sellSchema(picture).parse({ secret: "s", face: "30", cardImg: "/blob/a.jpg|/blob/b.jpg" });
    expect(p.cardImg).toEqual(["/blob/a.jpg", "/blob/b.jpg"]);
  });

  test("an offer that takes one code per order refuses several lines before the order is placed", () => {
    const one = { ...ecode, codesPerOrder: 1 };
    expect(issues(one, { face: "30", cardCode: "ABCD-1111\nABCD-2222" })).toEqual([`cardCode:${tooManyCodesMessage(1)}`]);
    expect(issues(one, { face: "30", cardCode: "ABCD 1111, ABCD 2222\n\n" })).toEqual([]);
    expect(issues({ ...ecode, codesPerOrder: 2 }, { face: "30", cardCode: "A\nB\nC" })).toEqual([`cardCode:${tooManyCodesMessage(2)}`]);
    expect(issues(ecode, { face: "30", cardCode: "A\nB\nC" })).toEqual([]);
  });

  test("a face with more than two decimals has its own message", () => {
    expect(issues(ecode, { face: "50.555", cardCode: "A" })).toEqual([`face:${TWO_DECIMALS}`]);
    expect(issues(ecode, { face: "1,050.5551", cardCode: "A" })).toEqual([`face:${TWO_DECIMALS}`]);
    expect(issues(ecode, { face: "50.55", cardCode: "A" })).toEqual([`face:${MESSAGES.remainNotEnough}`]);
    expect(issues(ecode, { face: "30.5", cardCode: "A" })).toEqual([]);
  });

  test("codes split on line breaks only; blocks only for a known format, joined back unchanged", () => {
    expect(splitCardCodes("  A-1 ,B-2;C-3\r\n\tD 4  \rE")).toEqual(["A-1 ,B-2;C-3", "D 4", "E"]);
    expect(codeBlocks("X123456789ABCDEF", "4-4-4-4")).toEqual(["X123", "4567", "89AB", "CDEF"]);
    expect(codeBlocks("ABCD123456WXYZ9", "4-6-4|4-6-5")).toEqual(["ABCD", "123456", "WXYZ9"]);
    expect(codeBlocks("LIVE1234CODE", "4-4-4-4")).toBeNull();
    expect(codeBlocks("LIVE1234CODE", "")).toBeNull();
    expect(codeBlocks("ABCD-EFGH-1234-5678", "4-4-4-4")).toBeNull();
    expect(codeBlocks("ABCDEFGH12345678", "nonsense")).toBeNull();
    expect(codeBlocks("X123456789ABCDEF", "4-4-4-4")!.join("")).toBe("X123456789ABCDEF");
  });

  test("image types of docs/product/validation.md", () => {
    for (const name of ["a.jpeg", "a.JPG", "a.gif", "a.png", "a.bmp"]) expect(isSupportedImage({ name, type: "" })).toBe(true);
    expect(isSupportedImage({ name: "photo", type: "image/png" })).toBe(true);
    expect(isSupportedImage({ name: "a.webp", type: "image/webp" })).toBe(false);
    expect(isSupportedImage({ name: "a.txt", type: "text/plain" })).toBe(false);
  });
});

describe("order helpers", () => {
  test("timers by status (docs/product/statuses.md)", () => {
    const base = { autoCancelTimestamp: 1, autoReleaseTimestamp: 2, autoArbitrationTimestamp: 3 };
    expect(orderTimer({ ...base, status: 0 })).toEqual({ label: "Auto Cancel", deadline: 1 });
    expect(orderTimer({ ...base, status: 1 })).toEqual({ label: "Auto Release", deadline: 2 });
    expect(orderTimer({ ...base, status: 2 })).toEqual({ label: "Auto Arbitration", deadline: 3 });
    for (const status of [3, 4, 5, 6] as const) expect(orderTimer({ ...base, status })).toBeNull();
  });

  test("tabs, advertInfo", () => {
    expect([null, "", "0", "4", "5", "6", "1", "x"].map(parseTab)).toEqual([0, 0, 0, 4, 5, 6, 0, 0]);
    expect(parseAdvertInfo('{"paymentNameEn":"Steam","cardType":1}').paymentNameEn).toBe("Steam");
    expect(parseAdvertInfo("not json").paymentNameEn).toBe("");
  });
});
