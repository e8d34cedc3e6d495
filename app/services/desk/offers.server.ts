/**
 * The desk's offer form (ADR 0036): the posted fields in the contract's units (faces and
 * amounts typed in currency units become hundredths), checked by the contract's own schema
 * (contract/calls/catalog-merchant.ts, the rules of contract/advert-rules.ts), so a rule has one
 * home and the page can show each message under its field. Server-only: zod stays out of the browser.
 */
import { advertFieldsSchema, refineAdvert, type AdvertFields } from "../../../contract/calls/catalog-merchant";
import { ADVERT_DISCOUNT_MAX } from "../../../contract/advert-rules";
import { minorFromInput, rateFromInput } from "~/services/money/format";
import { coinsPerUnit } from "~/services/money/offers";

/** The form asks for the rate sellers see (0.85 per unit of face), not the discount per 10000 the call takes. */
export const OFFER_RATE_MESSAGE = `Enter the rate sellers see: 0.0001 to ${coinsPerUnit(ADVERT_DISCOUNT_MAX)} per unit of face, with at most 4 decimals.`;

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
/** Units as typed → hundredths; anything else is left as it is for the schema to refuse. */
const minor = (form: FormData, name: string) => minorFromInput(text(form, name)) ?? text(form, name);
const int = (form: FormData, name: string) => (/^\d+$/.test(text(form, name)) ? Number(text(form, name)) : text(form, name));

export type OfferFieldErrors = Partial<Record<keyof AdvertFields, string>>;

export function offerFromForm(form: FormData): { ok: true; value: AdvertFields } | { ok: false; errors: OfferFieldErrors } {
  const faces = text(form, "fixTrade")
    .split(/[|,\s]+/)
    .filter(Boolean)
    .map((f) => minorFromInput(f) ?? Number.NaN);
  const parsed = advertFieldsSchema.superRefine(refineAdvert).safeParse({
    cardTypeId: int(form, "cardTypeId"),
    cardType: int(form, "cardType"),
    tradeCurrency: text(form, "tradeCurrency"),
    discount: rateFromInput(text(form, "discount")) ?? text(form, "discount"),
    minTrade: minor(form, "minTrade"),
    maxTrade: minor(form, "maxTrade"),
    fixTrade: faces.join("|"),
    payLimit: int(form, "payLimit"),
    tagListEn: text(form, "tagListEn"),
    explainInfo: text(form, "explainInfo"),
    tradeAmount: minor(form, "tradeAmount"),
    codesPerOrder: form.get("codesPerOrder") ? 1 : 0,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: OfferFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof AdvertFields;
    errors[key] ??= key === "discount" ? OFFER_RATE_MESSAGE : issue.message;
  }
  return { ok: false, errors };
}
