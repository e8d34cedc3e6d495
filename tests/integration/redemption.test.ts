/**
 * Redemption codes (ADR 0019) on a real database: staff issue a batch; a user redeems a
 * code once, credited through the ledger with a bill; used, expired, over-the-limit and unknown
 * codes get their messages; 20 parallel submits of one code credit it exactly once; guessing is
 * limited per user; only an administrator issues codes.
 */
import { describe, expect, it } from "vitest";
import { Code } from "../../contract/envelope";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { CODE_ALPHABET } from "../../backend/modules/redemption/codes";
import { CODE_EXPIRED, CODE_LIMIT_REACHED, CODE_NOT_VALID, CODE_USED, tooManyCodes } from "../../backend/modules/redemption/handlers";
import { findLedgerMismatches } from "../../backend/modules/wallet/ledger";
import { staff } from "../support/orders";
import { useBackend } from "../support/use-backend";
import { account, makeUser } from "../support/wallet";

const t = useBackend();
const DAY = 24 * 3600_000;

async function issue(body: { kind?: "coins" | "points"; value?: number; count?: number; perUserLimit?: number; expiresIn?: number } = {}) {
  const admin = await t.b.login(DEMO_LOGINS.admin);
  const res = await staff(t.b, "/admin/redemptionCode/create", {
    kind: body.kind ?? "coins",
    value: body.value ?? 500,
    count: body.count ?? 3,
    perUserLimit: body.perUserLimit ?? 1,
    expiresAt: t.b.clock.now().getTime() + (body.expiresIn ?? DAY),
  }, admin);
  expect(res.code, res.msg).toBe(Code.OK);
  return res.data as { batchId: number; codes: string[] };
}
const redeem = (token: string, redemptionCode: unknown, ip?: string) => t.b.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode }, { token, ip });

describe("issuing", () => {
  it("an administrator gets 10-character codes without look-alike characters, stored only as hashes", async () => {
    const { codes } = await issue({ count: 25 });
    expect(codes).toHaveLength(25);
    for (const c of codes) expect([...c].every((ch) => CODE_ALPHABET.includes(ch)) && c.length === 10).toBe(true);
    expect(new Set(codes).size).toBe(25);
    const stored = await t.b.db.selectFrom("redemption_codes").select("code_hash").execute();
    for (const c of codes) expect(stored.some((r) => r.code_hash === c)).toBe(false);
  });

  it("anyone else is refused, and a past expiry is refused", async () => {
    const user = await makeUser(t.b);
    const res = await staff(t.b, "/admin/redemptionCode/create", { kind: "coins", value: 100, count: 1, perUserLimit: 1, expiresAt: Date.now() + DAY }, user.token);
    expect(res.code).not.toBe(Code.OK);
    const admin = await t.b.login(DEMO_LOGINS.admin);
    const past = await staff(t.b, "/admin/redemptionCode/create", { kind: "coins", value: 100, count: 1, perUserLimit: 1, expiresAt: t.b.clock.now().getTime() - 1 }, admin);
    expect(past.msg).toBe("The expiry must be in the future.");
  });
});

describe("redeeming", () => {
  it("credits coins once through the ledger with a bill; typed in lower case with a dash it still works", async () => {
    const { codes } = await issue({ value: 750 });
    const user = await makeUser(t.b);
    const before = (await account(t.b, user.id)).amount;
    const typed = `${codes[0].slice(0, 5).toLowerCase()}-${codes[0].slice(5)}`;
    const res = await redeem(user.token, typed);
    expect(res.code, res.msg).toBe(Code.OK);
    expect(res.data).toEqual({ amount: 750, kind: "coins" });
    expect((await account(t.b, user.id)).amount).toBe(before + 750);
    const bills = await t.b.call("/userBill/getUserBillList", {}, { token: user.token });
    expect(bills.data.list[0]).toMatchObject({ type: 1, transAmount: 750, descriptionEn: "Redemption code" });
    expect(await findLedgerMismatches(t.b.db)).toEqual([]);

    expect((await redeem(user.token, codes[0])).msg).toBe(CODE_USED);
    // One code of this batch per user.
    expect((await redeem(user.token, codes[1])).msg).toBe(CODE_LIMIT_REACHED);
    const other = await makeUser(t.b);
    expect((await redeem(other.token, codes[1])).code).toBe(Code.OK);
    expect((await redeem(other.token, codes[0])).msg).toBe(CODE_USED);
  });

  it("points go to the wealth balance", async () => {
    const { codes } = await issue({ kind: "points", value: 120_000 });
    const user = await makeUser(t.b);
    expect((await redeem(user.token, codes[0])).data).toEqual({ amount: 120_000, kind: "points" });
    const a = await t.b.db.selectFrom("accounts").select("wealth_amount").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(Number(a.wealth_amount)).toBe(120_000);
    expect(await findLedgerMismatches(t.b.db)).toEqual([]);
  });

  it("an expired code and an unknown one are refused with their messages; the spec's field messages", async () => {
    const { codes } = await issue({ expiresIn: 60_000 });
    const user = await makeUser(t.b);
    t.b.clock.advance(61_000);
    expect((await redeem(user.token, codes[0])).msg).toBe(CODE_EXPIRED);
    expect((await redeem(user.token, "ACDEFGHJKM")).msg).toBe(CODE_NOT_VALID);
    expect((await redeem(user.token, "")).msg).toBe("Please enter Redemption Code.");
    expect((await redeem(user.token, "ABC")).msg).toBe("Please enter a valid Redemption Code.");
    expect((await t.b.call("/userRedemptionCode/confirmRedemptionCode", { redemptionCode: codes[1] })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("20 parallel submits of one code credit it exactly once", async () => {
    const { codes } = await issue({ value: 1_000, count: 1, perUserLimit: 20 });
    const user = await makeUser(t.b);
    const before = (await account(t.b, user.id)).amount;
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(user.token, codes[0])));
    expect(answers.filter((a) => a.code === Code.OK)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== Code.OK)) expect(a.msg).toBe(CODE_USED);
    expect((await account(t.b, user.id)).amount).toBe(before + 1_000);
    const credits = await t.b.db.selectFrom("ledger_entries").select("id").where("ref_type", "=", "redemption_code").where("user_id", "=", user.id).execute();
    expect(credits).toHaveLength(1);
    expect(await findLedgerMismatches(t.b.db)).toEqual([]);
  });

  it("guessing is limited: after 10 wrong codes even a right one waits", async () => {
    const { codes } = await issue();
    const user = await makeUser(t.b);
    for (let i = 0; i < 10; i++) expect((await redeem(user.token, `ACDEFGH${String(i).padStart(3, "7")}`.slice(0, 10), `10.5.0.${i}`)).msg).toBe(CODE_NOT_VALID);
    const locked = await redeem(user.token, codes[0], "10.5.1.1");
    expect(locked.code).toBe(Code.TOO_MANY);
    // The wait it names is what is left of the rate window, and it is true: after it the right code works.
    const minutes = Number(/try again in (\d+) minutes\./.exec(locked.msg ?? "")?.[1]);
    expect(locked.msg).toBe(tooManyCodes(minutes));
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(t.b.config.RATE_WINDOW_SECONDS / 60);
    t.b.clock.advance((minutes - 1) * 60_000);
    expect((await redeem(user.token, codes[0], "10.5.1.1")).code).toBe(Code.TOO_MANY);
    t.b.clock.advance(60_000);
    expect((await redeem(user.token, codes[0], "10.5.1.1")).code).toBe(Code.OK);
  });

  it("a burst of parallel wrong codes cannot get past the limit", async () => {
    const user = await makeUser(t.b);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => redeem(user.token, `BCDEFGH${String(i).padStart(3, "7")}`.slice(0, 10), `10.6.0.${i}`)));
    expect(answers.filter((a) => a.msg === CODE_NOT_VALID)).toHaveLength(10);
    expect(answers.filter((a) => a.code === Code.TOO_MANY)).toHaveLength(6);
  });
});
