/**
 * The sell-card form (/sellCard/{advertId}, docs/product/validation.md). The checks and their
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
 *
 * This module is what the form renders; the zod schema is in ./sell.schema.ts.
 */
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES } from "../../../contract/constants";
import { CARD_CODE_MAX, SELL_REMARK_MAX } from "../../../contract/sell-rules";

export { CARD_CODE_MAX, SELL_REMARK_MAX as REMARK_MAX };
/** The accept attribute of the image inputs (docs/product/validation.md: jpeg, jpg, gif, png, bmp). */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES, ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(",");

/** Image paths from the hidden cardImg field. */
export function imagePaths(cardImg: string | null | undefined): string[] {
  return (cardImg ?? "")
    .split("|")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** docs/product/validation.md: jpeg, jpg, gif, png, bmp by MIME type or by file extension. */
export function isSupportedImage(file: { name?: string; type?: string }): boolean {
  const type = (file.type ?? "").toLowerCase();
  const name = file.name ?? "";
  const ext = name.includes(".") ? name.split(".").pop()!.toLowerCase() : "";
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type) || (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Fields never echoed back into the page after a post. */
export const SELL_HIDDEN_FIELDS = ["files", "secret"];
