/**
 * The BTC / USDT transfer form (/sellVirtualCoin, spec §5): amount (in BTC or
 * USDT, up to 8 decimals → tradeAmount per 1e8), the sending address and the
 * transaction hash, all required; converted to coins with the current price,
 * usdRate and discount, 'The transaction amount is too low.' under 100 coins.
 * The same schema in the browser (live price) and in the action (the price
 * when it is posted).
 */
import { z } from "zod";
import { MESSAGES } from "../../../contract/fields";
import { coinsForCrypto, cryptoFromInput, isTooLow, type CryptoQuote } from "~/services/money/wallet";

export const AMOUNT_REQUIRED = "Please enter the amount.";
export const AMOUNT_INVALID = "Please enter a valid amount (up to 8 decimals).";
export const ADDRESS_REQUIRED = "Please enter the address.";
export const HASH_REQUIRED = "Please enter the transaction hash.";
export const TEXT_MAX = 128;

/** Required text: conform turns "" into undefined, so the missing case carries the message too. */
const text = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(TEXT_MAX, `At most ${TEXT_MAX} characters.`);

/** `quote` null: the price is unknown, the minimum is left to the server. */
export function virtualCoinSchema(quote: CryptoQuote | null) {
  // Field-level checks, so each field's message shows even when another field is missing.
  const amount = z
    .string({ required_error: AMOUNT_REQUIRED, invalid_type_error: AMOUNT_REQUIRED })
    .trim()
    .min(1, AMOUNT_REQUIRED)
    .superRefine((raw, ctx) => {
      const tradeAmount = cryptoFromInput(raw);
      if (tradeAmount === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_INVALID });
      else if (quote && isTooLow(coinsForCrypto(tradeAmount, quote))) ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.amountTooLow });
    })
    .transform((raw) => cryptoFromInput(raw) ?? 0);
  return z.object({
    amount,
    fromAddress: text(ADDRESS_REQUIRED),
    transactionId: text(HASH_REQUIRED),
  }).transform((v) => ({ tradeAmount: v.amount, fromAddress: v.fromAddress, transactionId: v.transactionId }));
}
