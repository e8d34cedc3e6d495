/**
 * A withdrawer's figures over 30 days (ADR 0069): acceptances and completions timed from the
 * request, its own cancels failed; the withdrawer list shows them.
 */
import { describe, expect, it } from "vitest";
import type { TraderFigures } from "../../contract/trader-figures";
import type { Withdrawer } from "../../contract/entities";
import type { TestBackend } from "../support/backend";
import { findTraderDayMismatches, recountTraderDays } from "../../backend/modules/trader-figures/days";
import { expectOk, staff, type Party } from "../support/orders";
import { addBank, makeUser, makeWithdrawer, payPicturePath, setAvailable, setUpWalletTests, walletParties, type WalletParties } from "../support/wallet";

let t: TestBackend;
let p: WalletParties;

setUpWalletTests((world) => {
  ({ t, p } = world);
});

const MIN = 60_000;
const DAY = 86_400_000;

describe("withdrawer figures", () => {
  it("accepted after 4, 6 and 2 minutes, two completed after 10 and 30, one cancelled by the withdrawer", async () => {
    // Past the demo world's own withdrawals' days.
    t.clock.advance(40 * DAY);
    p = await walletParties(t);
    const u = await makeUser(t);
    await setAvailable(t, u.id, 1_000_000);
    const bank = await addBank(t, u.token);
    const wid = await makeWithdrawer(t, { userId: p.withdrawer.id, remainBalance: 10_000_000 });
    const list = async () => {
      const res = await t.call("/userWithdraw/getWithdrawer", { currency: "NGN" }, { token: u.token });
      expectOk(res);
      return (res.data.list as Withdrawer[]).find((w) => w.id === wid)!.figures;
    };
    expect(await list()).toEqual({ trades: 0, failed: 0, completionBp: null, viewMinutes: null, completeMinutes: null, disputesLost: 0 } satisfies TraderFigures);

    const apply = async () => {
      const r = await t.call("/userWithdraw/applyWithdraw", { withdrawerId: wid, amount: 10_000, userPaymentId: bank }, { token: u.token });
      expectOk(r);
      return r.data.id as number;
    };
    const by = (w: Party) => ({
      process: async (id: number) => expectOk(await staff(t, "/merchant/withdraw/process", { id }, w.token)),
      complete: async (id: number) => expectOk(await staff(t, "/merchant/withdraw/complete", { id, payPicture: await payPicturePath(t, w.token) }, w.token)),
      cancel: async (id: number) => expectOk(await staff(t, "/merchant/withdraw/cancel", { id, reason: "No bank connection today." }, w.token)),
    });
    const w = by(p.withdrawer);
    const later = (m: number) => t.clock.advance(m * MIN);

    const a = await apply();
    later(4);
    await w.process(a);
    later(6);
    await w.complete(a);
    const b = await apply();
    later(6);
    await w.process(b);
    await w.cancel(b);
    const c = await apply();
    later(2);
    await w.process(c);
    later(28);
    await w.complete(c);

    expect(await list()).toEqual({ trades: 2, failed: 1, completionBp: 6_666, viewMinutes: 4, completeMinutes: 10, disputesLost: 0 } satisfies TraderFigures);
    // What the moves kept is what the orders and withdrawals say, and a recount writes the same rows.
    expect(await findTraderDayMismatches(t.db)).toEqual([]);
    const kept = await t.db.selectFrom("trader_days").selectAll().orderBy(["user_id", "side", "day"]).execute();
    await t.db.deleteFrom("trader_days").execute();
    await recountTraderDays(t.db);
    expect(await t.db.selectFrom("trader_days").selectAll().orderBy(["user_id", "side", "day"]).execute()).toEqual(kept);
  });
});
