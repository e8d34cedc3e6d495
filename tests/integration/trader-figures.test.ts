/**
 * A trader's figures over 30 days (ADR 0069), as the orders' moves keep them: a merchant with
 * completed, expired, disputed and cancelled orders gives the exact figures on its page and on
 * the offer list; a merchant with none reads New; the window ends 30 days after the day the moves happened.
 */
import { describe, expect, it } from "vitest";
import { sweepOrderTimers } from "../../backend/jobs/order-timers";
import type { TraderFigures } from "../../contract/trader-figures";
import type { TestBackend } from "../support/backend";
import { findTraderDayMismatches, recountTraderDays } from "../../backend/modules/trader-figures/days";
import { expectOk, makeAdvert, orderActs, parties, placeOrder, setUpOrderTests, type Parties } from "../support/orders";

let t: TestBackend;
let p: Parties;
let advertId: number;

const MIN = 60_000;
const DAY = 86_400_000;
const FACE = 10_000;
const PRICE = 8_500;
const PROPOSED = 7_650;
const PAY_LIMIT = 15;

setUpOrderTests(async (world) => {
  ({ t, p } = world);
  advertId = await makeAdvert(t, { merchantId: p.merchant.id, discount: 8_500, payLimit: PAY_LIMIT });
});

const sweep = () => sweepOrderTimers(t.backend.services, () => {});
const later = (minutes: number) => t.clock.advance(minutes * MIN);
const act = orderActs(() => ({ t, p }), PROPOSED);
const steps = async (...calls: Array<() => Promise<{ code: number; msg?: string }>>) => {
  for (const c of calls) expectOk((await c()) as never);
};

async function pageFigures(userId: number): Promise<TraderFigures> {
  const res = await t.call("/userInfo/getUserInfo", { userId });
  expectOk(res);
  return res.data.figures as TraderFigures;
}

async function listFigures(userId: number): Promise<TraderFigures | undefined> {
  const cardType = await t.db.selectFrom("adverts").select("card_type_id").where("id", "=", advertId).executeTakeFirstOrThrow();
  const res = await t.call("/advert/getAdvertList", { cardTypeId: Number(cardType.card_type_id) });
  expectOk(res);
  const found = (res.data.traderFigures as Array<TraderFigures & { userId: number }>).find((f) => f.userId === userId);
  if (!found) return undefined;
  const { userId: _, ...f } = found;
  return f;
}

const NEW: TraderFigures = { trades: 0, failed: 0, completionBp: null, viewMinutes: null, completeMinutes: null, disputesLost: 0 };

describe("trader figures", () => {
  it("a merchant's completed, expired, disputed and cancelled orders give the exact figures, for 30 days", async () => {
    // Far past the demo world's orders: their timers fire now, on a day that leaves the window long before ours.
    t.clock.advance(100 * DAY);
    await sweep();
    t.clock.advance(40 * DAY);
    p = await parties(t);
    expect(await pageFigures(p.merchant.id)).toEqual(NEW);
    expect(await pageFigures(p.merchant2.id)).toEqual(NEW);

    // A: viewed after 3 minutes, completed after 10.
    const a = await placeOrder(t, p.seller.token, advertId, FACE);
    later(3);
    await steps(() => act.view(a));
    later(7);
    await steps(() => act.complete(a));
    // B: viewed after 5, completed after 20.
    const b = await placeOrder(t, p.seller.token, advertId, FACE);
    later(5);
    await steps(() => act.view(b));
    later(15);
    await steps(() => act.complete(b));
    // C: never viewed; the pay limit passes: a failed trade.
    const c = await placeOrder(t, p.seller.token, advertId, FACE);
    later(PAY_LIMIT);
    expect(await sweep()).toEqual({ moved: 1, skipped: 0 });
    void c;
    // D: viewed after 1; the merchant offered less, staff made it pay the full price after 30: a dispute lost.
    const d = await placeOrder(t, p.seller.token, advertId, FACE);
    later(1);
    await steps(() => act.view(d), () => act.negotiate(d, 3, PROPOSED), () => act.applyArbitration(d));
    later(29);
    await steps(() => act.resolveComplete(d, PRICE));
    // E: viewed after 2; staff paid what the merchant proposed, after 40: a dispute won.
    const e = await placeOrder(t, p.seller.token, advertId, FACE);
    later(2);
    await steps(() => act.view(e), () => act.negotiate(e, 3, PROPOSED), () => act.applyArbitration(e));
    later(38);
    await steps(() => act.resolveComplete(e, PROPOSED));
    // F: viewed after 4; the seller accepted the merchant's proposal to cancel: judges the card, not the merchant.
    const f = await placeOrder(t, p.seller.token, advertId, FACE);
    later(4);
    await steps(() => act.view(f), () => act.negotiate(f, 4, 0), () => act.accept(f));

    // Views 3, 5, 1, 2, 4 (median 3); completions 10, 20, 30, 40 (lower median 20); 4 of 5 judged.
    const expected: TraderFigures = { trades: 4, failed: 1, completionBp: 8_000, viewMinutes: 3, completeMinutes: 20, disputesLost: 1 };
    expect(await pageFigures(p.merchant.id)).toEqual(expected);
    expect(await listFigures(p.merchant.id)).toEqual(expected);
    // Another merchant's figures are its own.
    expect(await pageFigures(p.merchant2.id)).toEqual(NEW);

    // What the moves kept is what the orders and withdrawals say, and a recount writes the same rows.
    expect(await findTraderDayMismatches(t.db)).toEqual([]);
    const kept = await t.db.selectFrom("trader_days").selectAll().orderBy(["user_id", "side", "day"]).execute();
    await t.db.deleteFrom("trader_days").execute();
    await recountTraderDays(t.db);
    expect(await t.db.selectFrom("trader_days").selectAll().orderBy(["user_id", "side", "day"]).execute()).toEqual(kept);

    // The day of the moves is the 30th day of the window 29 days later, and out of it the day after.
    const today = Math.floor(t.clock.t / DAY);
    t.clock.t = (today + 29) * DAY + DAY - 1;
    expect(await pageFigures(p.merchant.id)).toEqual(expected);
    t.clock.t = (today + 30) * DAY;
    expect(await pageFigures(p.merchant.id)).toEqual(NEW);
  });
});
