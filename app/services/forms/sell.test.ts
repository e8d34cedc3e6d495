/** The sell-card form's rules (spec §5) and the order display helpers. */
import { describe, expect, test } from "vitest";
import { MESSAGES } from "../../../contract/fields";
import { coinsForFace, mayAccept, mayApplyArbitration, orderTimer, parseAdvertInfo, parseTab } from "../orders";
import { CHOOSE_FACE, SECRET_MISSING, codeBlocks, groupCodes, isSupportedImage, sellSchema, type SellRules } from "./sell";

const ecode: SellRules = { cardType: 1, online: true, minTrade: 2500, maxTrade: 20000, remain: 5000, currency: "USD", faces: [] };
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
    expect(issues(ecode, { face: "30", cardCode: " ,\n " })).toEqual([`cardCode:${MESSAGES.cardCodeEmpty}`]);
    expect(issues(picture, { face: "30" })).toEqual([`cardImg:${MESSAGES.cardImageEmpty}`]);
    expect(issues(picture, { face: "30" }, 1)).toEqual([]);
    expect(issues(picture, { face: "30", cardImg: Array(11).fill("/blob/order/x.jpg").join("|") })).toEqual(["cardImg:At most 10 images."]);
    expect(issues({ ...ecode, faces: [2500, 5000] }, { face: "30", cardCode: "A" })).toEqual([`face:${CHOOSE_FACE}`]);
    expect(issues({ ...ecode, faces: [2500, 5000] }, { face: "25", cardCode: "A" })).toEqual([]);
    const noSecret = sellSchema(ecode).safeParse({ face: "30", cardCode: "A" });
    expect(noSecret.success ? "" : noSecret.error.issues[0].message).toBe(SECRET_MISSING);
  });

  test("output: minor units, grouped codes, image paths", () => {
    const v = sellSchema(ecode).parse({ secret: "s", face: "25.50", cardCode: "AAA, BBB\n\nCCC DDD", remark: " hi " });
    expect(v).toEqual({ secret: "s", tradeAmount: 2550, cardImg: [], cardCode: ["AAA", "BBB", "CCC", "DDD"], remark: "hi" });
    const p = sellSchema(picture).parse({ secret: "s", face: "30", cardImg: "/blob/a.jpg|/blob/b.jpg" });
    expect(p.cardImg).toEqual(["/blob/a.jpg", "/blob/b.jpg"]);
  });

  test("codes are grouped one per entry; long plain codes shown in blocks", () => {
    expect(groupCodes("  A-1 ,B-2;C-3\r\n\tD-4  ")).toEqual(["A-1", "B-2", "C-3", "D-4"]);
    expect(codeBlocks("ABCDEFGH12")).toBe("ABCD EFGH 12");
    expect(codeBlocks("ABCD-EFGH-1234")).toBe("ABCD-EFGH-1234");
  });

  test("image types of spec §5", () => {
    for (const name of ["a.jpeg", "a.JPG", "a.gif", "a.png", "a.bmp"]) expect(isSupportedImage({ name, type: "" })).toBe(true);
    expect(isSupportedImage({ name: "photo", type: "image/png" })).toBe(true);
    expect(isSupportedImage({ name: "a.webp", type: "image/webp" })).toBe(false);
    expect(isSupportedImage({ name: "a.txt", type: "text/plain" })).toBe(false);
  });
});

describe("order helpers", () => {
  test("timers by status (spec §4)", () => {
    const base = { autoCancelTimestamp: 1, autoReleaseTimestamp: 2, autoArbitrationTimestamp: 3 };
    expect(orderTimer({ ...base, status: 0 })).toEqual({ label: "Auto Cancel", deadline: 1 });
    expect(orderTimer({ ...base, status: 1 })).toEqual({ label: "Auto Release", deadline: 2 });
    expect(orderTimer({ ...base, status: 2 })).toEqual({ label: "Auto Arbitration", deadline: 3 });
    for (const status of [3, 4, 5, 6] as const) expect(orderTimer({ ...base, status })).toBeNull();
  });

  test("who may accept and apply for arbitration", () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(mayAccept)).toEqual([2, 3]);
    expect([0, 1, 2, 3, 4, 5, 6].filter(mayApplyArbitration)).toEqual([2]);
  });

  test("tabs, advertInfo, coins", () => {
    expect([null, "", "0", "4", "5", "6", "1", "x"].map(parseTab)).toEqual([0, 0, 0, 4, 5, 6, 0, 0]);
    expect(parseAdvertInfo('{"paymentNameEn":"Steam","cardType":1}').paymentNameEn).toBe("Steam");
    expect(parseAdvertInfo("not json").paymentNameEn).toBe("");
    expect(coinsForFace(5000, 8600)).toBe(4300);
    expect(coinsForFace(3333, 8613)).toBe(2870); // floor(2870.7)
  });
});
