import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  calls,
  code,
  email,
  feedbackContent,
  feedbackType,
  interCode,
  loginPassword,
  MESSAGES,
  mobile,
  newPassword,
  nickname,
  oldPassword,
  password,
  phone,
  redemptionCode,
  tradePassword,
} from "./index";

/** Every call of docs/product/calls.md, sorted. */
const EXPECTED_PATHS = [
  "/advert/getAdvertDetail",
  "/advert/getAdvertList",
  "/banner/getBanners",
  "/cardType/getCardType",
  "/country/getCountryList",
  "/currency/getCurrency",
  "/im/getUserSig",
  "/image/uploadImage",
  "/notice/checkNotice",
  "/notice/getNoticeList",
  "/notice/setAllRead",
  "/notice/setRead",
  "/order/acceptDispute",
  "/order/addOrder",
  "/order/applyArbitration",
  "/order/getOrderDetails",
  "/order/getOrderList",
  "/systemConfig/getBtcTradeConfig",
  "/systemConfig/getSystemConfig",
  "/systemConfig/getUserCheckInConfig",
  "/systemConfig/getWealthConfig",
  "/trackRecord/addTrackRecord",
  "/userAuth/bindEmail",
  "/userAuth/bindMobile",
  "/userAuth/login",
  "/userAuth/logout",
  "/userAuth/register",
  "/userAuth/resetPassword",
  "/userAuth/sendCodeByEmail",
  "/userAuth/sendCodeByPhone",
  "/userAuth/updatePassword",
  "/userAuth/updateTradePassword",
  "/userBill/getTradeStatistics",
  "/userBill/getUserBillList",
  "/userCert/getKycVerification",
  "/userCert/updateKycVerification",
  "/userCheckIn/getCheckInInfo",
  "/userCheckIn/userCheckIn",
  "/userFeedback/addFeedback",
  "/userFeedback/getFeedbackList",
  "/userInfo/getAccountBalance",
  "/userInfo/getProfileInfo",
  "/userInfo/getUserInfo",
  "/userInfo/updateAvatar",
  "/userInfo/updateNickname",
  "/userPayment/addPayment",
  "/userPayment/getPaymentList",
  "/userPayment/getPaymentType",
  "/userPayment/removePayment",
  "/userPayment/updatePayment",
  "/userRedemptionCode/confirmRedemptionCode",
  "/userRelationship/addBlock",
  "/userRelationship/addTrust",
  "/userRelationship/cancelRelationship",
  "/userRelationship/getRelationship",
  "/userRelationship/getRelationshipList",
  "/userRemark/addUserRemark",
  "/userShare/getShareStatistics",
  "/userShare/getShareUsers",
  "/userWithdraw/applyWithdraw",
  "/userWithdraw/getWithdrawDetail",
  "/userWithdraw/getWithdrawList",
  "/userWithdraw/getWithdrawer",
  "/userWithdraw/getWithdrawerDetail",
  "/virtualCoinOrder/addVirtualCoinOrder",
  "/wealthRecord/pageWealthRecord",
  "/wealthRecord/wealthRecordList",
  "/wealthRedemption/wealthExchange",
  "/wealthRedemption/wealthRedemptionList",
];

/** Calls the spec does not list, designed for screens that need them (the KYC photos, the desks, payout accounts, sessions, two-factor sign-in). */
const DESIGNED_PATHS = [
  "/userWithdraw/getPayPicture",
  "/virtualCoinOrder/getPrices",
  "/userCert/getKycImage",
  "/userInfo/getDesks",
  // The bank's name for an account number, shown for the seller to confirm (ADR 0053).
  "/userPayment/resolveAccount",
  // The account's signed-in sessions, and signing them out (ADR 0058).
  "/userSession/getSessionList",
  "/userSession/signOutSession",
  "/userSession/signOutOtherSessions",
  // A seller's own e-code without JavaScript, after her trade password (ADR 0060).
  "/order/revealCardCode",
  // Several cards to one offer in one submit, and the batch's page (ADR 0073).
  "/order/addOrders",
  "/order/getOrderBatch",
  // Evidence in a dispute (ADR 0074).
  "/order/addEvidence",
  "/order/getEvidencePicture",
  // Two-factor sign-in (ADR 0057).
  "/twoFactor/getStatus",
  "/twoFactor/beginSetup",
  "/twoFactor/getSetup",
  "/twoFactor/confirmSetup",
  "/twoFactor/renewRecoveryCodes",
  "/twoFactor/disable",
  "/twoFactor/signIn",
  // Her own BTC/USDT transfer orders (ADR 0068).
  "/virtualCoinOrder/getMyOrders",
  // Each card type's best rate over 7, 30 or 90 days (ADR 0070).
  "/cardType/getRateHistory",
  // A seller's rate alerts (ADR 0071).
  "/rateAlert/getRateAlerts",
  "/rateAlert/addRateAlert",
  "/rateAlert/setRateAlertActive",
  "/rateAlert/deleteRateAlert",
  "/receipt/getReceipt",
  "/receipt/getReceiptPdf",
  // Web Push (ADR 0079).
  "/push/getPublicKey",
  "/push/subscribe",
  "/push/unsubscribe",
  "/push/getSettings",
  "/push/setSettings",
  // Support tickets (ADR 0078).
  "/support/list",
  "/support/create",
  "/support/get",
  "/support/reply",
  "/support/close",
  "/support/getPicture",
];

/** First error message of a failed parse. */
function firstMessage(schema: z.ZodTypeAny, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

function accepts(schema: z.ZodTypeAny, value: unknown) {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`rejected ${JSON.stringify(value)}: ${r.error.issues.map((i) => i.message).join("; ")}`);
  return r.data;
}

describe("call table", () => {
  const entries = Object.entries(calls);

  it("keys every call by its own path, starting with /", () => {
    for (const [key, def] of entries) {
      expect(key.startsWith("/")).toBe(true);
      expect(def.path).toBe(key);
      expect(def.path.startsWith("/client")).toBe(false);
    }
  });

  it("has unique paths", () => {
    const paths = entries.map(([, d]) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("covers exactly the calls of docs/product/calls.md, plus the designed ones", () => {
    expect(EXPECTED_PATHS).toHaveLength(69);
    expect([...EXPECTED_PATHS].sort()).toEqual(EXPECTED_PATHS);
    expect(Object.keys(calls).sort()).toEqual([...EXPECTED_PATHS, ...DESIGNED_PATHS].sort());
  });

  it("gives every call a doc line and a known auth", () => {
    for (const [, def] of entries) {
      expect(typeof def.doc).toBe("string");
      expect(["none", "optional", "user", "business", "withdrawer", "admin"]).toContain(def.auth);
    }
  });

  it("marks the public calls as not needing a session", () => {
    for (const p of [
      "/systemConfig/getSystemConfig",
      "/banner/getBanners",
      "/userAuth/login",
      "/userAuth/register",
      "/userAuth/resetPassword",
      "/userInfo/getUserInfo",
      "/userFeedback/getFeedbackList",
    ] as const) {
      expect(calls[p].auth).toBe("none");
    }
    // Anyone may read an offer; a signed-in caller also gets a secret to sell against it.
    expect(calls["/advert/getAdvertDetail"].auth).toBe("optional");
    // Anyone may list offers; a signed-in seller's list leaves out merchants blocked either way.
    expect(calls["/advert/getAdvertList"].auth).toBe("optional");
    // ...and so do the card types' counts and rates (ADR 0059).
    expect(calls["/cardType/getCardType"].auth).toBe("optional");
    expect(calls["/order/addOrder"].auth).toBe("user");
    expect(calls["/image/uploadImage"].upload).toBe(true);
  });

  it("accepts an empty body on no-parameter calls", () => {
    expect(calls["/userInfo/getAccountBalance"].request.parse(undefined)).toEqual({});
    expect(calls["/notice/setAllRead"].request.parse({})).toEqual({});
  });
});

describe("field schemas carry the spec's messages", () => {
  it("email", () => {
    expect(accepts(email, "  john.doe@mail.example.com ")).toBe("john.doe@mail.example.com");
    expect(accepts(email, "a_b@x.io")).toBe("a_b@x.io");
    for (const bad of ["", "john", "john@", "john@localhost", "@x.com", "jo hn@x.com", undefined, 5])
      expect(firstMessage(email, bad)).toBe("Please enter a valid email address.");
  });

  it("mobile, phone and interCode", () => {
    expect(accepts(mobile, "8012345678")).toBe("8012345678");
    expect(firstMessage(mobile, "80-12")).toBe("Please enter a valid phone number.");
    expect(firstMessage(mobile, "abc")).toBe("Please enter a valid phone number.");
    expect(accepts(phone, "234-8012345678")).toBe("234-8012345678");
    expect(firstMessage(phone, "8012345678")).toBe("Please enter a valid phone number.");
    expect(accepts(interCode, "234")).toBe("234");
    expect(firstMessage(interCode, "+234")).toBe("Please enter a valid interCode.");
  });

  it("verification code", () => {
    expect(accepts(code, "012345")).toBe("012345");
    for (const bad of ["12345", "1234567", "12a456", ""]) expect(firstMessage(code, bad)).toBe("Please enter a valid code.");
  });

  it("nickname", () => {
    expect(accepts(nickname, " Ada_99 ")).toBe("Ada_99");
    for (const bad of ["a", "x".repeat(21), "bad name", "émile"])
      expect(firstMessage(nickname, bad)).toBe("Username consists of 2 to 20 alphanumeric characters or underscores.");
  });

  it("passwords", () => {
    expect(accepts(password, "abc123")).toBe("abc123");
    for (const bad of ["abc12", "abc 123", "abc-123", "x".repeat(33)])
      expect(firstMessage(password, bad)).toBe("Password: 6-16 characters, only letters and numbers");
    expect(accepts(loginPassword, "any thing!")).toBe("any thing!");
    expect(firstMessage(loginPassword, "short")).toBe("Password: 6-16 characters, only letters and numbers");
    expect(firstMessage(oldPassword, "12")).toBe("OldPassword: 6-16 characters, only letters and numbers");
    expect(firstMessage(newPassword, "pass word")).toBe("NewPassword: 6-16 characters, only letters and numbers");
    expect(MESSAGES.passwordMismatch).toBe("The new password are different, retry again please.");
  });

  it("trade password", () => {
    expect(accepts(tradePassword, "123456")).toBe("123456");
    for (const bad of ["12345", "abcdef", "1234567", undefined])
      expect(firstMessage(tradePassword, bad)).toBe("Trade Password: 6 numbers.");
  });

  it("redemption code", () => {
    expect(accepts(redemptionCode, " ABCDE12345 ")).toBe("ABCDE12345");
    expect(firstMessage(redemptionCode, "")).toBe("Please enter Redemption Code.");
    expect(firstMessage(redemptionCode, "   ")).toBe("Please enter Redemption Code.");
    expect(firstMessage(redemptionCode, undefined)).toBe("Please enter Redemption Code.");
    expect(firstMessage(redemptionCode, "ABC")).toBe("Please enter a valid Redemption Code.");
    expect(firstMessage(redemptionCode, "ABCDE123456")).toBe("Please enter a valid Redemption Code.");
  });

  it("feedback", () => {
    expect(accepts(feedbackType, 1)).toBe(1);
    expect(firstMessage(feedbackType, 3)).toBe("Select a feedback, please.");
    expect(firstMessage(feedbackType, undefined)).toBe("Select a feedback, please.");
    expect(accepts(feedbackContent, " fast and fair ")).toBe("fast and fair");
    expect(firstMessage(feedbackContent, "   ")).toBe("Comment cannot be empty.");
    expect(firstMessage(feedbackContent, "x".repeat(201))).toBeDefined();
    expect(accepts(feedbackContent, "x".repeat(200))).toHaveLength(200);
  });
});

describe("request schemas", () => {
  it("login", () => {
    const login = calls["/userAuth/login"].request;
    expect(accepts(login, { loginName: " a@b.co ", loginPwd: "secret1", type: "EMAIL" })).toEqual({
      loginName: "a@b.co",
      loginPwd: "secret1",
      type: "EMAIL",
    });
    accepts(login, { loginName: "234-8012345678", loginPwd: "secret1", type: "MOBILE" });
    expect(firstMessage(login, { loginName: "nope", loginPwd: "secret1", type: "EMAIL" })).toBe(
      "Please enter a valid email address.",
    );
    expect(firstMessage(login, { loginName: "a@b.co", loginPwd: "secret1", type: "MOBILE" })).toBe(
      "Please enter a valid phone number.",
    );
    expect(firstMessage(login, { loginName: "a@b.co", loginPwd: "12", type: "EMAIL" })).toBe(
      "Password: 6-16 characters, only letters and numbers",
    );
    expect(login.safeParse({ loginName: "a@b.co", loginPwd: "secret1", type: "PHONE" }).success).toBe(false);
  });

  it("register", () => {
    const register = calls["/userAuth/register"].request;
    const good = { email: "a@b.co", phone: "", code: "123456", nickname: "ada", loginPwd: "abc123", inviteCode: "" };
    expect(accepts(register, good)).toMatchObject({ email: "a@b.co", phone: undefined, inviteCode: undefined });
    accepts(register, { phone: "234-8012345678", code: "123456", nickname: "ada", loginPwd: "abc123", inviteCode: "AB12" });
    expect(register.safeParse({ ...good, email: "", phone: "" }).success).toBe(false);
    expect(firstMessage(register, { ...good, code: "12" })).toBe("Please enter a valid code.");
    expect(firstMessage(register, { ...good, nickname: "a" })).toBe(
      "Username consists of 2 to 20 alphanumeric characters or underscores.",
    );
    expect(firstMessage(register, { ...good, loginPwd: "abc 123" })).toBe("Password: 6-16 characters, only letters and numbers");
    expect(register.safeParse({ ...good, inviteCode: "1234567" }).success).toBe(false);
  });

  it("addOrder", () => {
    const addOrder = calls["/order/addOrder"].request;
    const good = { advertId: 7, tradeAmount: 10000, cardImg: "a.jpg|b.jpg", cardCode: "", secret: "s3cr3t", remark: "" };
    expect(accepts(addOrder, good)).toMatchObject({ advertId: 7, tradeAmount: 10000, cardImg: "a.jpg|b.jpg" });
    accepts(addOrder, { advertId: 7, tradeAmount: 5000, cardCode: "XXXX-YYYY", secret: "s" });
    expect(addOrder.safeParse({ ...good, advertId: 0 }).success).toBe(false);
    expect(addOrder.safeParse({ ...good, advertId: -3 }).success).toBe(false);
    expect(addOrder.safeParse({ ...good, tradeAmount: 100.5 }).success).toBe(false);
    expect(addOrder.safeParse({ ...good, tradeAmount: -1 }).success).toBe(false);
    expect(addOrder.safeParse({ ...good, secret: "" }).success).toBe(false);
    // No face, or neither a code nor an image, is the offer's business: contract/sell-rules answers
    // with docs/product/validation.md's message for that offer (the range, the empty code or image), not a schema text.
    expect(addOrder.safeParse({ ...good, tradeAmount: 0 }).success).toBe(true);
    expect(addOrder.safeParse({ ...good, cardImg: "", cardCode: "" }).success).toBe(true);
    const eleven = Array.from({ length: 11 }, (_, i) => `${i}.jpg`).join("|");
    expect(firstMessage(addOrder, { ...good, cardImg: eleven })).toBe("At most 10 images.");
  });

  it("applyWithdraw", () => {
    const apply = calls["/userWithdraw/applyWithdraw"].request;
    const good = { withdrawerId: 3, amount: 150000, userPaymentId: 9, tradePwd: "123456", remark: "thanks" };
    expect(accepts(apply, good)).toEqual(good);
    expect(accepts(apply, { ...good, tradePwd: "" })).toMatchObject({ tradePwd: undefined });
    expect(firstMessage(apply, { ...good, userPaymentId: undefined })).toBe("Select your received bank account.");
    expect(firstMessage(apply, { ...good, tradePwd: "12ab56" })).toBe("Trade Password: 6 numbers.");
    expect(apply.safeParse({ ...good, amount: -1 }).success).toBe(false);
    expect(apply.safeParse({ ...good, amount: "abc" }).success).toBe(false);
    expect(apply.safeParse({ ...good, withdrawerId: "x" }).success).toBe(false);
  });

  it("order list tab and filters", () => {
    const list = calls["/order/getOrderList"].request;
    expect(accepts(list, {})).toMatchObject({ status: 0 });
    expect(accepts(list, { status: 4, cardTypeId: 0, start: "", end: null })).toMatchObject({
      status: 4,
      cardTypeId: undefined,
      start: undefined,
      end: undefined,
    });
    expect(list.safeParse({ status: 2 }).success).toBe(false);
    expect(list.safeParse({ start: 2000, end: 1000 }).success).toBe(false);
  });
});
