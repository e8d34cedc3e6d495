/**
 * The desk's offer form (ADR 0036): the posted fields in the contract's units (faces and
 * amounts typed in currency units become hundredths), checked by the contract's own schema
 * (contract/calls/catalog-merchant.ts, the rules of contract/advert-rules.ts), so a rule has one
 * home and the page can show each message under its field. Server-only: zod stays out of the browser.
 */
import { advertFieldsSchema, refineAdvert, type AdvertFields } from "../../../contract/calls/catalog-merchant";
import { minorFromInput } from "~/services/format";

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
    discount: int(form, "discount"),
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
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
