/**
 * The sell-coins form (/sellCoins/{id}, docs/product/validation.md): one schema, built from the
 * withdrawer's limits, the user's balance and whether a trade password is
 * set; used by conform in the browser and by the route action. Checked in the
 * spec's order: the amount within the withdrawer's limits, within its
 * remaining balance, within the available balance; a bank account; the trade
 * password when one is set.
 *
 * The zod schema is in ./withdrawals.schema.ts.
 *
 * Fields: amount (coins as typed, "150" / "150.50"), userPaymentId (select),
 * tradePwd (only when set), otp (only with two-factor on), remark (optional).
 */
import { MESSAGES } from "../../../contract/messages";
import { coinUnits } from "~/services/money/wallet";

export const SELL_COINS_REMARK_MAX = 200;

export interface SellCoinsRules {
  /** Coin hundredths. */
  minTrade: number;
  maxTrade: number;
  remainBalance: number;
  available: number;
  needTradePwd: boolean;
  /** Two-factor sign-in is on: a current code goes with the sale (ADR 0057). */
  needOtp?: boolean;
}

export const sellCoinsRangeMessage = (r: Pick<SellCoinsRules, "minTrade" | "maxTrade">) =>
  MESSAGES.sellCoinsRange(coinUnits(r.minTrade), coinUnits(r.maxTrade));

/** Never echoed back into the page after a post. */
export const SELL_COINS_HIDDEN_FIELDS = ["tradePwd", "otp"];
