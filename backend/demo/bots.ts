import { ArbitrationType, OrderStatus, WithdrawalStatus } from "../../contract/enums";
import type { Services } from "../http/context";
import { ApiError } from "../http/errors";
import { storeUpload } from "../modules/images/store";
import { completeOrder, negotiateOrder, viewOrder, type NegotiationInput } from "../modules/orders/actions";
import { units } from "../modules/orders/format";
import { completeWithdrawal, processWithdrawal } from "../modules/withdrawals/actions";
import { runChatBots } from "./chat-bots";
import { renderReceipt } from "./receipt";
import { lineLogger, log as processLog } from "../ops/log";

/**
 * Demo bots: the demo merchants (business users whose e-mail is merchant<N>@demo.test)
 * act on the orders sold to them, so a newcomer sees every status without a second person.
 * On by default (DEMO_BOTS=off disables them); DEMO_BOT_DELAY_MS (default 15000) sets the pace.
 *
 * Every sweep (every 5 s):
 * - an order in status 0 (Waiting) created more than DEMO_BOT_DELAY_MS ago is viewed
 *   (0 → 1: the merchant's coins are frozen);
 * - an order in status 1 (Processing) that the bot itself viewed more than DEMO_BOT_DELAY_MS ago
 *   (orders.bot_viewed; one its merchant viewed by hand, from the desk, is left to the merchant) is completed
 *   (1 → 4: the seller is paid calculateTotalPrice), EXCEPT every order whose id is a
 *   multiple of 4 (id % 4 === 0, one order in four): there the bot opens a negotiation
 *   (1 → 2) of type 3 "Wrong amount / rate": the card redeemed for 90% of its face, so it
 *   proposes 90% of calculateTotalPrice (botNegotiation).
 *   The seller can then accept (paid the 90%) or apply for arbitration; without an
 *   answer the arbitration timer moves it to status 3.
 * The bots go through the same domain functions as the /merchant calls, so they obey the
 * same state machine, checks and ledger.
 *
 * The demo withdrawers (users with the withdrawer role whose e-mail is withdrawer<N>@demo.test)
 * act on the withdrawals sent to them, in the same sweep:
 * - a withdrawal in status 0 (Waiting) created more than DEMO_BOT_DELAY_MS ago is processed (0 → 1);
 * - a withdrawal in status 1 (Processing) processed more than DEMO_BOT_DELAY_MS ago is completed
 *   (1 → 2) with a generated payment picture (a PNG receipt rendered by sharp, stored through the
 *   same code path as an uploaded one): the seller's frozen coins leave.
 * One step per withdrawal per sweep, so with DEMO_BOT_DELAY_MS=0 it takes two sweeps.
 *
 * The demo merchants also answer chat messages sent to them (./chat-bots.ts).
 */

export const DEMO_MERCHANT_EMAIL_LIKE = "merchant%@demo.test";
export const BOT_NEGOTIATION_SHARE = 4;
/** The negotiating bot says the card redeemed for 90% of its face and offers 90% of the price. */
export const BOT_NEGOTIATION_PERCENT = 90;

/**
 * The bot's negotiation: type 3 "Wrong amount / rate" with a face found, a price and words
 * that agree (the panel showed the entered face as "found" beside a text saying
 * the card redeemed for less). The call to action is the panel's, not the merchant's.
 */
export function botNegotiation(o: { trade_amount: number; calculate_total_price: number; trade_currency: string }): NegotiationInput {
  const face = Number(o.trade_amount);
  const found = Math.floor((face * BOT_NEGOTIATION_PERCENT) / 100);
  return {
    arbitrationType: ArbitrationType.WrongAmountOrRate,
    arbitrationApplyAmount: found,
    arbitrationApplyPrice: Math.floor((Number(o.calculate_total_price) * BOT_NEGOTIATION_PERCENT) / 100),
    arbitrationContent: `The card redeemed for ${units(found)} ${o.trade_currency}, less than the ${units(face)} ${o.trade_currency} you entered, so we can only pay for ${units(found)} ${o.trade_currency}.`,
  };
}

export const botNegotiates = (orderId: number) => orderId % BOT_NEGOTIATION_SHARE === 0;

type BotServices = Pick<Services, "db" | "clock" | "config" | "blobs" | "secrets">;

/** One sweep of the demo merchants and the demo withdrawers; returns how many steps they took. */
export async function runDemoBots(services: BotServices, log: (line: string) => void = lineLogger(processLog, "warn")) {
  return (
    (await runMerchantBots(services, log)) +
    (await runWithdrawerBots(services, log)) +
    (await runChatBots(services, DEMO_MERCHANT_EMAIL_LIKE, log))
  );
}

export async function runMerchantBots(services: BotServices, log: (line: string) => void = lineLogger(processLog, "warn")) {
  const { db, config } = services;
  const now = services.clock.now();
  const before = new Date(now.getTime() - config.DEMO_BOT_DELAY_MS);
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("users as m", "m.id", "o.buyer_id")
    .select(["o.id", "o.buyer_id", "o.status", "o.calculate_total_price", "o.trade_amount", "o.trade_currency"])
    .where("m.is_business", "=", 1)
    .where("m.email", "like", DEMO_MERCHANT_EMAIL_LIKE)
    .where((eb) =>
      eb.or([
        eb.and([eb("o.status", "=", OrderStatus.Waiting), eb("o.created_at", "<=", before)]),
        // Only the orders the bot viewed itself: one its merchant took by hand (the desk) is the merchant's.
        eb.and([eb("o.status", "=", OrderStatus.Processing), eb("o.bot_viewed", "=", true), eb("o.viewed_at", "<=", before)]),
      ]),
    )
    .orderBy("o.id")
    .limit(50)
    .execute();
  let acted = 0;
  for (const o of rows) {
    try {
      if (o.status === OrderStatus.Waiting) await viewOrder(db, o.buyer_id, o.id, now, { byBot: true });
      else if (botNegotiates(o.id)) await negotiateOrder(services, o.buyer_id, o.id, botNegotiation(o), now);
      else await completeOrder(db, o.buyer_id, o.id, now);
      acted++;
    } catch (err) {
      // A lost race (the seller or a timer moved it) is normal; say why anything else was refused.
      if (!(err instanceof ApiError) || err.code !== 7) log(`[demo-bots] order ${o.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return acted;
}

export const DEMO_WITHDRAWER_EMAIL_LIKE = "withdrawer%@demo.test";

export async function runWithdrawerBots(services: BotServices, log: (line: string) => void = lineLogger(processLog, "warn")) {
  const { db, config } = services;
  const now = services.clock.now();
  const before = new Date(now.getTime() - config.DEMO_BOT_DELAY_MS);
  const rows = await db
    .selectFrom("withdrawals as d")
    .innerJoin("withdrawers as w", "w.id", "d.withdrawer_id")
    .innerJoin("users as wu", "wu.id", "w.user_id")
    .select(["d.id", "d.status", "d.user_payment", "d.currency_amount", "d.currency", "w.user_id as withdrawer_user_id", "wu.nickname"])
    .where("wu.is_withdrawer", "=", true)
    .where("wu.email", "like", DEMO_WITHDRAWER_EMAIL_LIKE)
    .where((eb) =>
      eb.or([
        eb.and([eb("d.status", "=", WithdrawalStatus.Waiting), eb("d.created_at", "<=", before)]),
        eb.and([eb("d.status", "=", WithdrawalStatus.Processing), eb("d.process_at", "<=", before)]),
      ]),
    )
    .orderBy("d.id")
    .limit(50)
    .execute();
  let acted = 0;
  for (const d of rows) {
    try {
      if (d.status === WithdrawalStatus.Waiting) await processWithdrawal(db, d.withdrawer_user_id, d.id, now);
      else {
        const png = await renderReceipt({
          withdrawalId: d.id,
          withdrawerName: d.nickname,
          userPayment: services.secrets.open(d.user_payment),
          currencyAmount: Number(d.currency_amount),
          currency: d.currency,
          at: now,
        });
        const payPicture = await storeUpload(services, { userId: d.withdrawer_user_id, type: "payment", bytes: png, now });
        await completeWithdrawal(db, d.withdrawer_user_id, d.id, payPicture, now);
      }
      acted++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 7) log(`[demo-bots] withdrawal ${d.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return acted;
}
