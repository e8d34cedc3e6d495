import { z } from "zod";
import { defineCall, id, okEmpty } from "../define";
import { withdrawerSchema } from "../entities";
import { otpField } from "./two-factor";

/**
 * A withdrawer's own offer (the Withdrawer entity of docs/product/entities.md, ADR 0037): whether it accepts,
 * its rate, its limits, the coins it still buys, its tags and description. Read and changed
 * only by the withdrawer itself; what sellers see at /withdrawerList follows at once.
 */

export const WITHDRAWER_TAGS_MAX = 5;
export const WITHDRAWER_TAG_MAX = 20;
export const WITHDRAWER_DESCRIPTION_MAX = 500;
/** Currency units per coin, per 10000: at most 10,000,000 per coin. */
export const WITHDRAWER_RATE_MAX = 100_000_000_000;
/** Coin hundredths: at most 100,000,000 coins in any field. */
export const WITHDRAWER_COINS_MAX = 10_000_000_000;

export const SETTINGS_MESSAGES = {
  rate: "Please enter a rate above 0.",
  minTrade: "Please enter a minimum above 0.",
  maxTrade: "Please enter a maximum above 0.",
  minAboveMax: "The minimum must not be more than the maximum.",
  remain: "Please enter the coins you still buy (0 or more).",
  tags: `At most ${WITHDRAWER_TAGS_MAX} tags of at most ${WITHDRAWER_TAG_MAX} characters, separated by |.`,
  description: `The description has at most ${WITHDRAWER_DESCRIPTION_MAX} characters.`,
  status: "Choose whether you accept withdrawals.",
  /** The offer changed under the form (a sale or a cancellation took coins or gave them back). */
  remainChanged: "Your remaining balance changed while you were editing (a sale or a cancellation). Please check it and save again.",
  depositTooSmall: (deposit: string) => `You need a deposit of at least ${deposit} coins to accept withdrawals.`,
  overDeposit: (max: string) => `The coins you still buy, with your open withdrawals, must stay within your deposit: at most ${max} coins now.`,
} as const;

/** Tags as typed ("Fast | Bank transfer|") → "Fast|Bank transfer", or null when they break the rule. */
export function normalizeTags(typed: string): string | null {
  const tags = typed
    .split("|")
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > WITHDRAWER_TAGS_MAX || tags.some((t) => t.length > WITHDRAWER_TAG_MAX)) return null;
  return tags.join("|");
}

const whole = (message: string, min: number, max: number) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message);

/** The editable fields, as numbers in their units; the web form parses what was typed into this. */
const settingsShape = z.object({
    /** 0 not accepting, 1 accepting. */
    status: z.union([z.literal(0), z.literal(1)], { errorMap: () => ({ message: SETTINGS_MESSAGES.status }) }),
    currencyRate: whole(SETTINGS_MESSAGES.rate, 1, WITHDRAWER_RATE_MAX),
    minTrade: whole(SETTINGS_MESSAGES.minTrade, 1, WITHDRAWER_COINS_MAX),
    maxTrade: whole(SETTINGS_MESSAGES.maxTrade, 1, WITHDRAWER_COINS_MAX),
    remainBalance: whole(SETTINGS_MESSAGES.remain, 0, WITHDRAWER_COINS_MAX),
    tags: z
      .string({ invalid_type_error: SETTINGS_MESSAGES.tags })
      .max(WITHDRAWER_TAGS_MAX * (WITHDRAWER_TAG_MAX + 3), SETTINGS_MESSAGES.tags)
      .default("")
      .transform((v, ctx) => {
        const tags = normalizeTags(v);
        if (tags === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: SETTINGS_MESSAGES.tags });
          return z.NEVER;
        }
        return tags;
      }),
    description: z.string({ invalid_type_error: SETTINGS_MESSAGES.description }).trim().max(WITHDRAWER_DESCRIPTION_MAX, SETTINGS_MESSAGES.description).default(""),
});

function minNotAboveMax(v: { minTrade: number; maxTrade: number }, ctx: z.RefinementCtx) {
  if (v.minTrade > v.maxTrade) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["minTrade"], message: SETTINGS_MESSAGES.minAboveMax });
}

export const withdrawerSettingsFields = settingsShape.superRefine(minNotAboveMax);
export type WithdrawerSettingsFields = z.output<typeof withdrawerSettingsFields>;

export const withdrawerSettingsCalls = {
  "/merchant/withdrawer/getSettings": defineCall({
    path: "/merchant/withdrawer/getSettings",
    auth: "withdrawer",
    request: z.object({ id: id.optional() }),
    response: z.object({
      /** The offer asked for, or the withdrawer's first. */
      withdrawer: withdrawerSchema,
      /** Every offer of this withdrawer (one, as a rule). */
      withdrawerIds: z.array(z.number().int()),
      /** The withdrawer's deposit (its account's bail amount, hundredths). */
      deposit: z.number().int(),
      /** Coins (hundredths) in its Waiting and Processing withdrawals, all offers. */
      openAmount: z.number().int(),
      /** The most this offer's remainBalance may be now: deposit − open − the other offers' remainBalance (never below 0). */
      maxRemainBalance: z.number().int(),
    }),
    doc: "Designed for the withdrawer desk: the withdrawer's own offer (rate, limits, coins it still buys, tags, description, accepting), with its deposit and what is open against it.",
  }),
  "/merchant/withdrawer/updateSettings": defineCall({
    path: "/merchant/withdrawer/updateSettings",
    auth: "withdrawer",
    request: settingsShape
      .extend({
        id,
        /** The remainBalance the form showed: the save is refused if sales or cancellations moved it meanwhile. */
        seenRemainBalance: z.number().int().nonnegative(),
        /** A current two-factor code, required when the withdrawer has two-factor on (ADR 0057). */
        otp: otpField,
      })
      .superRefine(minNotAboveMax),
    response: okEmpty,
    doc: "Designed for the withdrawer desk: changes the withdrawer's own offer. Accepting needs the fixed deposit; the coins it still buys plus its open withdrawals must stay within its deposit. With two-factor on, `otp` carries a current code (ADR 0057).",
  }),
};
