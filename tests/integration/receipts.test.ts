/**
 * Receipts (ADR 0075): the model of a completed order, withdrawal and confirmed transfer carries the
 * figures as stored, both parties' public names and the times in her zone; anything not done, or not
 * hers, is refused with the kind's message; the PDF is a PDF with the reference in it; and a bill
 * links to the receipt of what it is for. On PGlite and on PostgreSQL (DATABASE_URL).
 */
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Receipt } from "../../contract/calls/receipts";
import type { Bill } from "../../contract/entities";
import { Code } from "../../contract/envelope";
import { minorText } from "../../contract/money";
import { parseReceiptReference, receiptNotReady, receiptReference } from "../../contract/receipts";
import { drawReceiptPdf } from "../../backend/modules/receipts/pdf";
import type { TestBackend } from "../support/backend";
import { expectOk, expectRefused, makeAdvert, placeOrder, staff, type Party } from "../support/orders";
import { addBank, makeUser, makeWithdrawer, payPicturePath, setAvailable, setUpWalletTests, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

const db = () => (process.env.DATABASE_URL ? "PostgreSQL" : "PGlite");

async function receipt(who: Party, kind: string, id: number, timeZone?: string) {
  return t.call("/receipt/getReceipt", { kind, id }, { token: who.token, timeZone });
}

const nickname = async (id: number) => (await t.db.selectFrom("users").select("nickname").where("id", "=", id).executeTakeFirstOrThrow()).nickname;

/** An order of hers on an advert of the merchant's: placed, and completed unless `open`. */
async function order(seller: Party, { open = false } = {}): Promise<number> {
  const advert = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500 });
  const id = await placeOrder(t, seller.token, advert, 10_000);
  if (open) return id;
  expectOk(await staff(t, "/merchant/order/view", { id }, p.merchant.token));
  t.clock.advance(120_000);
  expectOk(await staff(t, "/merchant/order/complete", { id }, p.merchant.token));
  return id;
}

async function withdrawal(seller: Party, { open = false } = {}): Promise<number> {
  await setAvailable(t, seller.id, 500_000);
  const bank = await addBank(t, seller.token, { accountNumber: undefined });
  const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, currencyRate: 5_350_000 });
  const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 25_000, userPaymentId: bank }, { token: seller.token });
  expectOk(r);
  const id = r.data.id as number;
  if (open) return id;
  expectOk(await staff(t, "/merchant/withdraw/process", { id }, p.withdrawer.token));
  t.clock.advance(60_000);
  expectOk(await staff(t, "/merchant/withdraw/complete", { id, payPicture: await payPicturePath(t, p.withdrawer.token) }, p.withdrawer.token));
  return id;
}

let txSeq = 0;
async function transfer(seller: Party, { open = false } = {}): Promise<number> {
  const transactionId = `${(++txSeq).toString(16).padStart(8, "0")}${"ab".repeat(28)}`;
  const r = await t.call("/virtualCoinOrder/addVirtualCoinOrder", { type: 1, fromAddress: "TXsender", transactionId, tradeAmount: 200 * 1e8 }, { token: seller.token });
  expectOk(r);
  const id = r.data.id as number;
  if (!open) expectOk(await staff(t, "/admin/virtualCoin/confirm", { id }, p.admin.token));
  return id;
}

const valueOf = (r: Receipt, label: string) => [...r.amounts, ...r.times, ...r.details].find((l) => l.label === label)?.value;

describe(`receipts (${db()})`, () => {
  it("a completed order's receipt: its stored figures, both nicknames, the times in her zone", async () => {
    const u = await makeUser(t);
    const id = await order(u);
    const row = await t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const r = await receipt(u, "order", id, "America/New_York");
    expectOk(r);
    const rc = r.data as Receipt;
    expect(rc.reference).toBe(receiptReference("order", id));
    expect(parseReceiptReference(rc.reference)).toEqual({ kind: "order", id });
    expect(rc.figures).toEqual({
      tradeAmount: Number(row.trade_amount),
      discount: Number(row.discount),
      calculateTotalPrice: Number(row.calculate_total_price),
      realTotalPrice: Number(row.real_total_price),
    });
    expect(valueOf(rc, "You received")).toBe(`${minorText(Number(row.real_total_price))} Coins`);
    expect(valueOf(rc, "Card value")).toBe("100 USD");
    expect(valueOf(rc, "Rate")).toBe("0.85 Coins per USD");
    expect(rc.parties).toEqual([
      { role: "Seller", name: await nickname(u.id) },
      { role: "Merchant", name: await nickname(p.merchant.id) },
    ]);
    expect(rc.timeZone).toBe("America/New_York");
    const completed = new Date(row.completed_at!).getTime();
    expect(rc.doneAt).toBe(completed);
    const ny = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", month: "short", day: "numeric", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: true })
      .format(completed)
      .replace(/,(?= \d\d:)/, "");
    expect(valueOf(rc, "Completed")).toBe(ny);
    // Nothing personal beyond the public names: no e-mail, no phone.
    expect(JSON.stringify(rc)).not.toMatch(/@/);
  });

  it("a completed withdrawal's receipt: coins, rate, payout as stored; the account masked", async () => {
    const u = await makeUser(t);
    const id = await withdrawal(u);
    const row = await t.db.selectFrom("withdrawals").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const r = await receipt(u, "withdrawal", id);
    expectOk(r);
    const rc = r.data as Receipt;
    expect(rc.figures).toEqual({ amount: Number(row.amount), currencyRate: Number(row.currency_rate), currencyAmount: Number(row.currency_amount) });
    expect(valueOf(rc, "Coins sold")).toBe("250.00 Coins");
    expect(valueOf(rc, "Rate")).toBe("535.00 NGN per Coin");
    expect(valueOf(rc, "Paid to you")).toBe(`${minorText(Number(row.currency_amount), { trim: true })} NGN`);
    expect(rc.parties.map((x) => x.role)).toEqual(["Seller", "Withdrawer"]);
    expect(rc.parties[1].name).toBe(await nickname(p.withdrawer.id));
    expect(valueOf(rc, "Paid to")).toBe(row.account_label);
    expect(valueOf(rc, "Paid to")).toMatch(/•••• ?\d{4}$/);
    expect(rc.timeZone).toBe("Africa/Lagos");
  });

  it("a confirmed transfer's receipt: what she sent, the price and the coins as stored", async () => {
    const u = await makeUser(t);
    const id = await transfer(u);
    const row = await t.db.selectFrom("virtual_coin_orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const r = await receipt(u, "transfer", id);
    expectOk(r);
    const rc = r.data as Receipt;
    expect(rc.figures).toEqual({ tradeAmount: Number(row.trade_amount), price: Number(row.price), coins: Number(row.coins) });
    expect(valueOf(rc, "Sent")).toBe("200 USDT");
    expect(valueOf(rc, "You received")).toBe(`${minorText(Number(row.coins))} Coins`);
    expect(rc.status).toBe("Confirmed");
  });

  it("refuses what is not done yet, and another seller's id, with the kind's message", async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    const cases = [
      ["order", await order(u, { open: true }), await order(other)],
      ["withdrawal", await withdrawal(u, { open: true }), await withdrawal(other)],
      ["transfer", await transfer(u, { open: true }), await transfer(other)],
    ] as const;
    for (const [kind, open, notHers] of cases) {
      for (const id of [open, notHers, 999_999_999]) {
        expectRefused(await receipt(u, kind, id), receiptNotReady[kind], Code.NOT_FOUND);
        expectRefused(await t.call("/receipt/getReceiptPdf", { kind, id }, { token: u.token }), receiptNotReady[kind], Code.NOT_FOUND);
      }
      // The owner does get it: the refusal above was about whose it is.
      expectOk(await receipt(other, kind, notHers));
    }
    expectRefused(await receipt(u, "invoice", 1), "Unknown receipt.");
    expect((await t.call("/receipt/getReceipt", { kind: "order", id: cases[0][2] })).code).toBe(Code.NOT_LOGGED_IN);
  });

  it("the PDF is a PDF named by the reference, with the reference and the figures in it", async () => {
    const u = await makeUser(t);
    const id = await order(u);
    const r = await t.call("/receipt/getReceiptPdf", { kind: "order", id }, { token: u.token });
    expectOk(r);
    const reference = receiptReference("order", id);
    expect(r.data.fileName).toBe(`receipt-${reference}.pdf`);
    const bytes = Buffer.from(r.data.base64 as string, "base64");
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(reference);
    const rc = (await receipt(u, "order", id)).data as Receipt;
    expect(text).toContain(valueOf(rc, "You received"));
    expect(text).toContain(rc.parties[1].name);
    // Uncompressed, the same model draws the same words in the clear.
    const plain = (await drawReceiptPdf(rc, { compress: false })).toString("latin1");
    expect(plain).toContain(hexOf(reference));
  });

  it("her bills link to the receipt of a completed order, withdrawal and confirmed transfer, and no other", async () => {
    const u = await makeUser(t);
    const done = { order: await order(u), withdrawal: await withdrawal(u), transfer: await transfer(u) };
    const openWithdrawal = await withdrawal(u, { open: true });
    const r = await t.call("/userBill/getUserBillList", {}, { token: u.token });
    expectOk(r);
    const bills = r.data.list as Bill[];
    const linked = bills.filter((b) => b.receipt).map((b) => b.receipt);
    expect(linked).toEqual(
      expect.arrayContaining([
        { kind: "order", id: done.order },
        { kind: "withdrawal", id: done.withdrawal },
        { kind: "transfer", id: done.transfer },
      ]),
    );
    expect(linked.some((x) => x?.kind === "withdrawal" && x.id === openWithdrawal)).toBe(false);
  });
});

/** pdfkit writes text as hex strings in its content streams: the hex of the words. */
const hexOf = (s: string) => Buffer.from(s, "latin1").toString("hex");

/** The words of a PDF: each deflated stream inflated, its hex strings (<…> Tj / TJ) decoded. */
function pdfText(pdf: Buffer): string {
  const src = pdf.toString("latin1");
  let out = "";
  for (const m of src.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      body = m[1];
    }
    // A TJ array splits a line into kerned pieces: join each array's pieces, then each line.
    for (const line of body.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const pieces = line[1] !== undefined ? [...line[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]) : [line[2]];
      out += pieces.map((h) => Buffer.from(h, "hex").toString("latin1")).join("") + "\n";
    }
  }
  return out;
}
