/**
 * The sell-card form (/sellCard/{advertId}, spec §5). The checks and their
 * messages are contract/sell-rules' (the same /order/addOrder runs): in the
 * browser with the offer the page shows; in the action (without JavaScript)
 * only what needs no offer, since /order/addOrder is the authority and its
 * answer is shown beside the field it belongs to (sellFieldOf).
 *
 * Fields:
 *   secret    hidden; the idempotency key issued by getAdvertDetail
 *   face      the card face in currency units as typed ("100", "25.50"),
 *             or the value of a face button when the offer has fixTrade
 *   cardImg   hidden; uploaded image paths joined with "|" (with JavaScript)
 *   files     the plain file input (without JavaScript; the action uploads them)
 *   cardCode  the e-codes, one per line, exactly as typed (ADR 0014)
 *   remark    optional note to the merchant
 */
import { z } from "zod";
import { joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES } from "../../../contract/constants";
import {
  CARD_CODE_MAX,
  CODE_TOO_LONG,
  REMARK_TOO_LONG,
  SELL_FORM_EXPIRED,
  SELL_REMARK_MAX,
  sellProblem,
  type SellOffer,
} from "../../../contract/sell-rules";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "../format";

export { CARD_CODE_MAX, SELL_REMARK_MAX as REMARK_MAX };
/** The accept attribute of the image inputs (spec §5: jpeg, jpg, gif, png, bmp). */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(",");

/** Image paths from the hidden cardImg field. */
export function imagePaths(cardImg: string | null | undefined): string[] {
  return (cardImg ?? "")
    .split("|")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Spec §5: jpeg, jpg, gif, png, bmp by MIME type or by file extension. */
export function isSupportedImage(file: { name?: string; type?: string }): boolean {
  const type = (file.type ?? "").toLowerCase();
  const name = file.name ?? "";
  const ext = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type) || (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

export interface SellSchemaOptions {
  /** Files of the plain file input (the no-JavaScript path), counted as images. */
  fileCount?: number;
}

const optionalString = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());

/** The form's schema: with the offer, every check of spec §5; with null, what needs no offer. */
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

/** Fields never echoed back into the page after a post. */
export const SELL_HIDDEN_FIELDS = ["files", "secret"];
