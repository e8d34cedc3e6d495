/** The BTC / USDT transfer form's schema (the form is described in ./virtual-coin.ts). */
import { z } from "zod";
import { MESSAGES } from "../../../contract/fields";
import { coinsForCrypto, cryptoFromInput, figureOrNull, type CryptoTerms } from "../../../contract/money";
import { isTooLow } from "~/services/money/wallet";
import { ADDRESS_REQUIRED, AMOUNT_INVALID, AMOUNT_REQUIRED, HASH_REQUIRED, TEXT_MAX } from "./virtual-coin";

/** Required text: conform turns "" into undefined, so the missing case carries the message too. */
const text = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(TEXT_MAX, `At most ${TEXT_MAX} characters.`);

/** `terms` null: the price is unknown, the minimum is left to the server. */
export function virtualCoinSchema(terms: CryptoTerms | null) {
  // Field-level checks, so each field's message shows even when another field is missing.
  const amount = z
    .string({ required_error: AMOUNT_REQUIRED, invalid_type_error: AMOUNT_REQUIRED })
    .trim()
    .min(1, AMOUNT_REQUIRED)
    .superRefine((raw, ctx) => {
      const tradeAmount = cryptoFromInput(raw);
      if (tradeAmount === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: AMOUNT_INVALID });
      else if (terms && isTooLow(figureOrNull(() => coinsForCrypto(tradeAmount, terms)) ?? Number.MAX_SAFE_INTEGER))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: MESSAGES.amountTooLow });
    })
    .transform((raw) => cryptoFromInput(raw) ?? 0);
  return z.object({
    amount,
    fromAddress: text(ADDRESS_REQUIRED),
    transactionId: text(HASH_REQUIRED),
  }).transform((v) => ({ tradeAmount: v.amount, fromAddress: v.fromAddress, transactionId: v.transactionId }));
}
