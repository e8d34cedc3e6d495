/** The sell-card form's schema (the fields and the rules are described in ./sell.ts). */
import { z } from "zod";
import { joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { CARD_CODE_MAX, CODE_TOO_LONG, REMARK_TOO_LONG, SELL_FORM_EXPIRED, SELL_REMARK_MAX, sellProblem, type SellOffer } from "../../../contract/sell-rules";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "../money/format";
import { imagePaths } from "./sell";

export interface SellSchemaOptions {
  /** Files of the plain file input (the no-JavaScript path), counted as images. */
  fileCount?: number;
}

const optionalString = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());

/** The form's schema: with the offer, every check of docs/product/validation.md; with null, what needs no offer. */
export function sellSchema(offer: SellOffer | null, opts: SellSchemaOptions = {}) {
  const fileCount = opts.fileCount ?? 0;
  return z
    .object({
      secret: z.string({ required_error: SELL_FORM_EXPIRED, invalid_type_error: SELL_FORM_EXPIRED }).trim().min(1, SELL_FORM_EXPIRED),
      face: optionalString,
      cardImg: optionalString,
      cardCode: optionalString,
      remark: z
        .string()
        .trim()
        .max(SELL_REMARK_MAX, REMARK_TOO_LONG)
        .optional()
        .transform((v) => (v ? v : undefined)),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
      if (hasTooManyDecimals(v.face) && !(offer && offer.faces.length > 0)) return issue(["face"], TWO_DECIMALS);
      const codes = splitCardCodes(v.cardCode);
      if (!offer) {
        if (joinCardCodes(codes).length > CARD_CODE_MAX) issue(["cardCode"], CODE_TOO_LONG);
        return;
      }
      const images = imagePaths(v.cardImg).length + fileCount;
      const problem = sellProblem(offer, { tradeAmount: minorFromInput(v.face ?? ""), codes, images });
      if (problem) issue(problem.field === "form" ? [] : [problem.field], problem.message);
    })
    .transform((v) => ({
      secret: v.secret,
      tradeAmount: minorFromInput(v.face ?? "") ?? 0,
      cardImg: imagePaths(v.cardImg),
      cardCode: splitCardCodes(v.cardCode),
      remark: v.remark,
    }));
}

export type SellForm = z.output<ReturnType<typeof sellSchema>>;
