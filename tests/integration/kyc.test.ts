/**
 * Identity verification (ADR 0020) on a real database: a certificate with two photos the
 * user uploaded, the ID number sealed; read-only under review; staff list, look, approve or reject
 * (compare-and-set, a notice each); a rejection makes it editable again with the reason; without
 * approval cash-out is capped per 24 hours.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { KycReview, NoticeType } from "../../contract/enums";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { BACK_PHOTO, KYC_CHANGED, KYC_LOCKED, SAME_PHOTO } from "../../backend/modules/kyc/handlers";
import { UNVERIFIED_CASH_OUT_PER_DAY, unverifiedCapMessage } from "../../backend/modules/withdrawals/actions";
import { makeImage } from "../support/images";
import { staff } from "../support/orders";
import { useBackend } from "../support/use-backend";
import { addBank, makeUser, makeWithdrawer, setAvailable } from "../support/wallet";

const t = useBackend();

async function uploadCert(token: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await makeImage("jpeg", 800, 500))], "id.jpg", { type: "image/jpeg" }));
  form.set("type", "cert");
  const res = await t.b.backend.handle(new Request("http://test/client/image/uploadImage", { method: "POST", headers: new Headers({ IPv4: "10.0.0.8", Authorization: token }), body: form }), { trusted: true });
  const env = (await res.json()) as { code: number; msg?: string; data: { path: string } };
  expect(env.code, env.msg).toBe(Code.OK);
  return env.data.path;
}

const cert = (front: string, back: string) => ({
  idCountry: "Nigeria",
  idKind: 1,
  idNo: "A12345678",
  realname: "Ada Obi",
  birthday: "1990-05-17",
  idFace: front,
  idOppo: back,
  socialAccount: "WhatsApp +2348012345678",
});
const submit = (token: string, c: ReturnType<typeof cert>) => t.b.call("/userCert/updateKycVerification", { cert: c }, { token });
const profileOf = async (token: string) => (await t.b.call("/userInfo/getProfileInfo", {}, { token })).data.profile;
const admin = () => t.b.login(DEMO_LOGINS.admin);

async function submitted() {
  const u = await makeUser(t.b);
  const front = await uploadCert(u.token);
  const back = await uploadCert(u.token);
  const res = await submit(u.token, cert(front, back));
  expect(res.code, res.msg).toBe(Code.OK);
  const id = (await t.b.db.selectFrom("kyc_certs").select("id").where("user_id", "=", u.id).executeTakeFirstOrThrow()).id;
  return { ...u, front, back, certId: id };
}

describe("submitting", () => {
  it("stores the certificate under review, the ID number sealed; the profile turns read-only", async () => {
    const u = await submitted();
    const got = await t.b.call("/userCert/getKycVerification", {}, { token: u.token });
    expect(got.data.cert).toEqual(cert(u.front, u.back));
    expect(got.data.review).toEqual({ status: KycReview.Review, reason: null });
    const row = await t.b.db.selectFrom("kyc_certs").selectAll().where("id", "=", u.certId).executeTakeFirstOrThrow();
    expect(row.id_no_sealed).not.toContain("A12345678");
    expect(await profileOf(u.token)).toMatchObject({ kycAuthFlag: 1, kycAuthStatus: 1 });
    expect((await submit(u.token, cert(u.front, u.back))).msg).toBe(KYC_LOCKED);
    const photo = await t.b.call("/userCert/getKycImage", { side: "back" }, { token: u.token });
    expect(photo.data.contentType).toBe("image/jpeg");
    expect(Buffer.from(photo.data.base64, "base64").subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("refuses photos that are not the user's own uploads, the same photo twice, and the spec's empty fields", async () => {
    const u = await makeUser(t.b);
    const other = await makeUser(t.b);
    const mine = await uploadCert(u.token);
    const theirs = await uploadCert(other.token);
    expect((await submit(u.token, cert(theirs, mine))).msg).toBe("Please upload ID Card front Photo.");
    expect((await submit(u.token, cert(mine, "/blob/cert/2026-11/none.jpg"))).msg).toBe(BACK_PHOTO);
    expect((await submit(u.token, cert(mine, mine))).msg).toBe(SAME_PHOTO);
    expect((await submit(u.token, { ...cert(mine, theirs), realname: " " })).msg).toBe("The Real Name must not be empty.");
    expect((await submit(u.token, { ...cert(mine, theirs), idKind: 9 as 1 })).msg).toBe("Please select your ID Type.");
    expect((await t.b.call("/userCert/getKycVerification", {}, { token: u.token })).data).toEqual({ cert: null, review: null });
    expect((await t.b.call("/userCert/getKycImage", { side: "front" }, { token: u.token })).code).toBe(Code.NOT_FOUND);
  });
});

describe("staff review", () => {
  it("only an administrator lists and looks; reject returns it editable with the reason and a notice; then approve", async () => {
    const u = await submitted();
    expect((await staff(t.b, "/admin/kyc/list", {}, u.token)).code).not.toBe(Code.OK);
    const a = await admin();
    const list = await staff(t.b, "/admin/kyc/list", { status: KycReview.Review }, a);
    expect(list.data.list.some((c: { id: number }) => c.id === u.certId)).toBe(true);
    const img = await staff(t.b, "/admin/kyc/image", { id: u.certId, side: "front" }, a);
    expect(img.data.contentType).toBe("image/jpeg");

    expect((await staff(t.b, "/admin/kyc/reject", { id: u.certId, reason: "The photo is blurred." }, a)).code).toBe(Code.OK);
    expect((await t.b.call("/userCert/getKycVerification", {}, { token: u.token })).data.review).toEqual({ status: KycReview.Rejected, reason: "The photo is blurred." });
    expect(await profileOf(u.token)).toMatchObject({ kycAuthFlag: 0, kycAuthStatus: 0 });
    const notices = (await t.b.call("/notice/getNoticeList", {}, { token: u.token })).data.list;
    expect(notices[0]).toMatchObject({ type: NoticeType.Account, titleEn: "Identity verification rejected" });
    expect(notices[0].contentEn).toContain("The photo is blurred.");

    // Editable again: a new submission goes back under review; approving it is final.
    expect((await submit(u.token, cert(u.back, u.front))).code).toBe(Code.OK);
    expect((await staff(t.b, "/admin/kyc/approve", { id: u.certId }, a)).code).toBe(Code.OK);
    expect((await t.b.call("/userCert/getKycVerification", {}, { token: u.token })).data.review.status).toBe(KycReview.Approved);
    expect(await profileOf(u.token)).toMatchObject({ kycAuthFlag: 1, kycAuthStatus: 1 });
    expect((await submit(u.token, cert(u.front, u.back))).msg).toBe(KYC_LOCKED);
    const again = await staff(t.b, "/admin/kyc/reject", { id: u.certId, reason: "Too late." }, a);
    expect(again.code).toBe(Code.CONFLICT);
    expect(again.msg).toBe(KYC_CHANGED);
  });

  it("an approve and a reject at once: exactly one wins", async () => {
    const u = await submitted();
    const a = await admin();
    const [x, y] = await Promise.all([
      staff(t.b, "/admin/kyc/approve", { id: u.certId }, a),
      staff(t.b, "/admin/kyc/reject", { id: u.certId, reason: "Race." }, a),
    ]);
    expect([x.code, y.code].filter((c) => c === Code.OK)).toHaveLength(1);
    const notices = (await t.b.call("/notice/getNoticeList", {}, { token: u.token })).data.list;
    expect(notices.filter((n: { type: number }) => n.type === NoticeType.Account)).toHaveLength(1);
  });
});

describe("what verification unlocks", () => {
  it("unverified: at most UNVERIFIED_CASH_OUT_PER_DAY in 24 hours, with a message that says what is left; verified: no cap", async () => {
    const seller = await makeUser(t.b);
    const w = await makeWithdrawer(t.b, { userId: (await makeUser(t.b)).id });
    const bank = await addBank(t.b, seller.token);
    await setAvailable(t.b, seller.id, 3 * UNVERIFIED_CASH_OUT_PER_DAY);
    const sell = (amount: number) => t.b.call("/userWithdraw/applyWithdraw", { withdrawerId: w, amount, userPaymentId: bank }, { token: seller.token });
    expect((await sell(UNVERIFIED_CASH_OUT_PER_DAY - 10_000)).code).toBe(Code.OK);
    const over = await sell(20_000);
    expect(over.code).not.toBe(Code.OK);
    expect(over.msg).toBe(unverifiedCapMessage(10_000));
    expect((await sell(10_000)).code).toBe(Code.OK);
    // A day later the window has moved on.
    t.b.clock.advance(24 * 3600_000 + 1_000);
    expect((await sell(20_000)).code).toBe(Code.OK);

    // Verified: the cap is gone.
    const front = await uploadCert(seller.token);
    const back = await uploadCert(seller.token);
    expect((await submit(seller.token, cert(front, back))).code).toBe(Code.OK);
    const certId = (await t.b.db.selectFrom("kyc_certs").select("id").where("user_id", "=", seller.id).executeTakeFirstOrThrow()).id;
    expect((await staff(t.b, "/admin/kyc/approve", { id: certId }, await admin())).code).toBe(Code.OK);
    expect((await sell(UNVERIFIED_CASH_OUT_PER_DAY)).code).toBe(Code.OK);
  });
});
