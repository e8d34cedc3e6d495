/**
 * The sell-card form (/sellCard/{advertId}, spec §5). One schema, built from
 * the offer's rules, used by conform in the browser and by the route action
 * (the no-JavaScript path). The messages are spec §5's, verbatim (MESSAGES),
 * checked in the spec's order: merchant online, face within min-max, within
 * the remaining amount, then the code or the images.
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
import { codesPerOrderError, joinCardCodes, splitCardCodes } from "../../../contract/card-codes";
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES, ORDER_IMAGES_MAX } from "../../../contract/constants";
import type { AdvertWithMerchant } from "../../../contract/entities";
import { AdvertCardType, isOnline } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/fields";
import { fixedFaces, faceUnits } from "../../components/catalog/money";
import { TWO_DECIMALS, hasTooManyDecimals, minorFromInput } from "../format";

export const REMARK_MAX = 200;
/** The contract's limit on cardCode (all codes with their newlines). */
export const CARD_CODE_MAX = 5000;
export const SECRET_MISSING = "This sell form has expired. Please open the offer again.";
export const CHOOSE_FACE = "Please choose the card face.";
export const TOO_MANY_IMAGES = `At most ${ORDER_IMAGES_MAX} images.`;
export const CODE_TOO_LONG = "The Gift Card Code is too long.";
/** The accept attribute of the image inputs (spec §5: jpeg, jpg, gif, png, bmp). */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(",");

/** What the form checks about the offer. */
export interface SellRules {
  cardType: AdvertCardType;
  online: boolean;
  /** Hundredths of the currency. */
  minTrade: number;
  maxTrade: number;
  /** Remaining face the merchant still buys (hundredths). */
  remain: number;
  currency: string;
  /** Fixed faces (hundredths); empty: any face within min-max. */
  faces: number[];
  /** E-codes one order may carry; 0 any number. */
  codesPerOrder: number;
}

export function sellRulesOf(a: AdvertWithMerchant): SellRules {
  return {
    cardType: a.cardType,
    online: isOnline(a.onlineStatus),
    minTrade: a.minTrade,
    maxTrade: a.maxTrade,
    remain: a.tradeAmount,
    currency: a.tradeCurrency,
    faces: fixedFaces(a.fixTrade),
    codesPerOrder: a.codesPerOrder,
  };
}

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

export function faceRangeMessage(r: Pick<SellRules, "minTrade" | "maxTrade" | "currency">): string {
  return MESSAGES.cardFaceRange(faceUnits(r.minTrade), faceUnits(r.maxTrade), r.currency);
}

export interface SellSchemaOptions {
  /** Files of the plain file input (the no-JavaScript path), counted as images. */
  fileCount?: number;
}

const optionalString = z.preprocess((v) => (typeof v === "string" ? v : undefined), z.string().optional());

export function sellSchema(rules: SellRules, opts: SellSchemaOptions = {}) {
  const fileCount = opts.fileCount ?? 0;
  return z
    .object({
      secret: z.string({ required_error: SECRET_MISSING, invalid_type_error: SECRET_MISSING }).trim().min(1, SECRET_MISSING),
      face: optionalString,
      cardImg: optionalString,
      cardCode: optionalString,
      remark: z
        .string()
        .trim()
        .max(REMARK_MAX, `The remark has at most ${REMARK_MAX} characters.`)
        .optional()
        .transform((v) => (v ? v : undefined)),
    })
    .superRefine((v, ctx) => {
      if (!rules.online) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: MESSAGES.businessOffline });
        return;
      }
      const minor = minorFromInput(v.face ?? "");
      if (rules.faces.length === 0 && hasTooManyDecimals(v.face)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["face"], message: TWO_DECIMALS });
        return;
      }
      if (rules.faces.length > 0) {
        if (minor === null || !rules.faces.includes(minor)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["face"], message: CHOOSE_FACE });
          return;
        }
      } else if (minor === null || minor < rules.minTrade || minor > rules.maxTrade) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["face"], message: faceRangeMessage(rules) });
        return;
      }
      if (minor > rules.remain) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["face"], message: MESSAGES.remainNotEnough });
        return;
      }
      if (rules.cardType === AdvertCardType.ECode) {
        const codes = splitCardCodes(v.cardCode);
        const tooMany = codesPerOrderError(codes, rules.codesPerOrder);
        if (codes.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardCode"], message: MESSAGES.cardCodeEmpty });
        else if (tooMany) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardCode"], message: tooMany });
        else if (joinCardCodes(codes).length > CARD_CODE_MAX)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardCode"], message: CODE_TOO_LONG });
      } else {
        const count = imagePaths(v.cardImg).length + fileCount;
        if (count === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardImg"], message: MESSAGES.cardImageEmpty });
        else if (count > ORDER_IMAGES_MAX)
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cardImg"], message: TOO_MANY_IMAGES });
      }
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
