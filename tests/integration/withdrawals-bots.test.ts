/**
 * The demo withdrawers (backend/demo/bots.ts) with DEMO_BOT_DELAY_MS=0 and a TestClock:
 * one sweep processes a waiting withdrawal, the next completes it with a generated receipt
 * stored like an upload; only the demo withdrawers act, and the books hold.
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runDemoBots, runWithdrawerBots } from "../../backend/demo/bots";
import { createTestBackend, type TestBackend } from "../support/backend";
import { expectLedgerBalanced } from "../support/ledger";
import { expectOk, staff } from "../support/orders";
import { accountNumberAt } from "../support/bank-accounts";
import { account, addBank, makeUser, makeWithdrawer, setAvailable, walletParties, withdrawalRow, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

beforeAll(async () => {
  t = await createTestBackend({ env: { DEMO_BOT_DELAY_MS: "0" } });
  p = await walletParties(t);
});

afterAll(async () => {
  await t?.close();
});

afterEach(async () => {
  await expectLedgerBalanced(t.db);
});

const bots = () => runDemoBots(t.backend.services, () => {});

describe("demo withdrawers", () => {
  it("process, then complete with a generated payment picture the owner can see", async () => {
    expect(t.config.DEMO_BOT_DELAY_MS).toBe(0);
    const demo = await t.db
      .selectFrom("withdrawers as w")
      .innerJoin("users as u", "u.id", "w.user_id")
      .select(["w.id", "w.currency_rate"])
      .where("u.email", "=", "withdrawer1@demo.test")
      .orderBy("w.id")
      .executeTakeFirstOrThrow();
    // A withdrawer that is not one of the demo ones is left alone.
    const stranger = await makeUser(t);
    await t.db.updateTable("users").set({ is_withdrawer: true, is_business: 1 }).where("id", "=", stranger.id).execute();
    const strangerWid = await makeWithdrawer(t, { userId: stranger.id });

    const u = await makeUser(t);
    const bank = await addBank(t, u.token, { bank: "Zenith Bank", realname: "Chioma Eze", accountNumber: accountNumberAt("Zenith Bank", 208_765_432) });
    await setAvailable(t, u.id, 100_000);
    const apply = async (withdrawerId: number, amount: number) => {
      const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId, amount, userPaymentId: bank }, { token: u.token });
      expectOk(r);
      return r.data.id as number;
    };
    const id = await apply(demo.id, 40_000);
    const ignored = await apply(strangerWid, 10_000);

    expect(await bots()).toBe(1);
    expect(await withdrawalRow(t, id)).toMatchObject({ status: 1, pay_picture: null });
    expect((await withdrawalRow(t, ignored)).status).toBe(0);

    t.clock.advance(1_000);
    expect(await bots()).toBe(1);
    const w = await withdrawalRow(t, id);
    expect(w.status).toBe(2);
    expect(w.pay_picture).toMatch(/^\/blob\/payment\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);
    // Stored like an upload: recorded as the withdrawer's payment picture.
    const upload = await t.db.selectFrom("uploads").selectAll().where("path", "=", w.pay_picture!).executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ kind: "payment", user_id: p.withdrawer.id });
    expect(await account(t, u.id)).toEqual({ amount: 50_000, frozen: 10_000 });

    const detail = (await t.call("/userWithdraw/getWithdrawDetail", { id }, { token: u.token })).data.withdrawal;
    expect(detail).toMatchObject({ status: 2, withdrawerName: "CashPointNG", payPicture: w.pay_picture, currencyAmount: Math.floor((40_000 * Number(demo.currency_rate)) / 10_000) });
    expect(detail.processTimestamp).toBeLessThan(detail.completeTimestamp);
    const pic = await t.call("/userWithdraw/getPayPicture", { id }, { token: u.token });
    expectOk(pic);
    const meta = await sharp(Buffer.from(pic.data.base64, "base64")).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 480, height: 400 });
    expect((await t.call("/userWithdraw/getPayPicture", { id }, { token: p.seller2.token })).code).toBe(5);

    // The wallet shows the Withdraw bill; the notices tell the story.
    const bills = (await t.call("/userBill/getUserBillList", { type: 2 }, { token: u.token })).data.list;
    expect(bills.map((b: { descriptionEn: string; transAmount: number }) => [b.descriptionEn, b.transAmount])).toEqual([
      [expect.stringMatching(/^Sell coins to /), -10_000],
      ["Sell coins to CashPointNG", -40_000],
    ]);
    const notices = await t.db.selectFrom("notices").select("title_en").where("user_id", "=", u.id).where("ref_id", "=", id).orderBy("id").execute();
    expect(notices.map((n) => n.title_en)).toEqual(["Withdrawal processing", "Withdrawal completed"]);

    // Nothing more to do.
    t.clock.advance(1_000);
    expect(await runWithdrawerBots(t.backend.services, () => {})).toBe(0);
    expectOk(await staff(t, "/merchant/withdraw/cancel", { id: ignored, reason: "Test over." }, stranger.token));
  });

  it("waits DEMO_BOT_DELAY_MS before each step", async () => {
    const services = { ...t.backend.services, config: { ...t.config, DEMO_BOT_DELAY_MS: 15_000 } };
    const u = await makeUser(t);
    const bank = await addBank(t, u.token);
    await setAvailable(t, u.id, 20_000);
    const demo = await t.db
      .selectFrom("withdrawers as w")
      .innerJoin("users as wu", "wu.id", "w.user_id")
      .select("w.id")
      .where("wu.email", "=", "withdrawer2@demo.test")
      .executeTakeFirstOrThrow();
    const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: demo.id, amount: 20_000, userPaymentId: bank }, { token: u.token });
    expectOk(r);
    const id = r.data.id as number;
    t.clock.advance(14_999);
    expect(await runWithdrawerBots(services, () => {})).toBe(0);
    t.clock.advance(1);
    expect(await runWithdrawerBots(services, () => {})).toBe(1);
    expect((await withdrawalRow(t, id)).status).toBe(1);
    t.clock.advance(14_999);
    expect(await runWithdrawerBots(services, () => {})).toBe(0);
    t.clock.advance(1);
    expect(await runWithdrawerBots(services, () => {})).toBe(1);
    expect((await withdrawalRow(t, id)).status).toBe(2);
    expect(await account(t, u.id)).toEqual({ amount: 0, frozen: 0 });
  });
});
