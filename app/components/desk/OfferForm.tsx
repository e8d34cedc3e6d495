/**
 * The offer form (create and edit): every field of an advert the merchant sets, in currency
 * units; the server checks it with the contract's schema and answers each message under its field.
 */
import type { MerchantAdvert } from "../../../contract/calls/catalog-merchant";
import { ADVERT_EXPLAIN_MAX } from "../../../contract/advert-rules";
import { Button, Field, FormError, SelectField, TextAreaField, type SelectOption } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { rateFromInput } from "~/services/money/format";
import { coinsPerUnit, faceUnits, ngnPerUnit, offerRate } from "~/services/money/offers";

type Errors = Partial<Record<string, string>>;

const facesOf = (fixTrade: string) =>
  fixTrade
    .split("|")
    .filter(Boolean)
    .map((f) => faceUnits(Number(f)))
    .join(" | ");

/** What the fields start with: the values just posted (after a refusal), else the advert's. */
function startingValues(a: MerchantAdvert | null, posted: Record<string, string> | null): Record<string, string> {
  if (posted) return posted;
  return {
    cardTypeId: a ? String(a.cardtypeid) : "",
    cardType: a ? String(a.cardType) : "1",
    tradeCurrency: a?.tradeCurrency ?? "USD",
    // Typed as the rate sellers see (0.85), not the discount per 10000 the call takes (8500).
    discount: a ? coinsPerUnit(a.discount) : "",
    minTrade: a ? faceUnits(a.minTrade) : "",
    maxTrade: a ? faceUnits(a.maxTrade) : "",
    fixTrade: a ? facesOf(a.fixTrade) : "",
    tradeAmount: a ? faceUnits(a.tradeAmount) : "",
    payLimit: a ? String(a.payLimit) : "30",
    tagListEn: a?.tagListEn.split("|").join(" | ") ?? "",
    explainInfo: a?.explainInfo ?? "",
    codesPerOrder: a?.codesPerOrder === 1 ? "1" : "",
  };
}

/** Under the rate: what sellers will see for the rate in the field, with the discount it is beside it. */
function RateHint({ typed, currency }: { typed: string; currency: string }) {
  const { coinName, ngnRate } = useMainLayoutData();
  const discount = rateFromInput(typed);
  return (
    <span data-testid="offer-rate-hint">
      {discount
        ? `Sellers see ${offerRate(discount, coinName, currency)} (≈ ${ngnPerUnit(discount, ngnRate)} / ${currency}); discount ${discount} per 10000.`
        : `${coinName} paid per 1 unit of card face: 0.85 pays 85 ${coinName} for a 100 face.`}
    </span>
  );
}

export function OfferForm({ advert: a, posted, cardTypes, currencies, errors, formError }: { advert: MerchantAdvert | null; posted: Record<string, string> | null; cardTypes: SelectOption[]; currencies: SelectOption[]; errors: Errors; formError: string | null }) {
  const v = startingValues(a, posted);
  return (
    <Form method="post" className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-label={a ? "Edit offer" : "New offer"} data-testid="offer-form">
      {/* The amount left as this page shows it (the loader's, fresh after every post): a save never undoes a sale made meanwhile. */}
      {a ? <input type="hidden" name="seenTradeAmount" value={a.tradeAmount} /> : null}
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField id="offer-card" name="cardTypeId" label="Card type" placeholder="Select a card" options={cardTypes} defaultValue={v.cardTypeId} error={errors.cardTypeId} />
        <SelectField
          id="offer-kind"
          name="cardType"
          label="Card kind"
          options={[
            { value: "1", label: "E-codes" },
            { value: "0", label: "Pictures" },
          ]}
          defaultValue={v.cardType}
          error={errors.cardType}
        />
        <SelectField id="offer-currency" name="tradeCurrency" label="Currency" options={currencies} defaultValue={v.tradeCurrency} error={errors.tradeCurrency} />
        <Field id="offer-discount" name="discount" label="Rate (per 1 unit of face)" hint={<RateHint typed={v.discount} currency={v.tradeCurrency} />} inputMode="decimal" defaultValue={v.discount} error={errors.discount} required />
        <Field id="offer-min" name="minTrade" label="Smallest face" inputMode="decimal" defaultValue={v.minTrade} error={errors.minTrade} required />
        <Field id="offer-max" name="maxTrade" label="Largest face" inputMode="decimal" defaultValue={v.maxTrade} error={errors.maxTrade} required />
        <Field id="offer-faces" name="fixTrade" label="Fixed faces (optional)" hint="Whole amounts separated by | (50 | 100). Empty: any face in the range." defaultValue={v.fixTrade} error={errors.fixTrade} />
        <Field id="offer-amount" name="tradeAmount" label="Face amount you will buy" inputMode="decimal" defaultValue={v.tradeAmount} error={errors.tradeAmount} required />
        <Field id="offer-pay-limit" name="payLimit" label="Pay limit (minutes)" inputMode="numeric" defaultValue={v.payLimit} error={errors.payLimit} required />
        <Field id="offer-tags" name="tagListEn" label="Tags (optional)" hint="Separated by | (Fast | E-code)." defaultValue={v.tagListEn} error={errors.tagListEn} />
      </div>
      <TextAreaField id="offer-explain" name="explainInfo" label="Explanation for sellers" rows={3} maxLength={ADVERT_EXPLAIN_MAX} defaultValue={v.explainInfo} error={errors.explainInfo} />
      <label className="mb-3 flex items-center gap-2 text-sm text-gray-900">
        <input type="checkbox" name="codesPerOrder" value="1" defaultChecked={v.codesPerOrder === "1"} className="h-5 w-5 rounded border-gray-300" />
        One code per order (e-codes)
      </label>
      {errors.codesPerOrder ? <p className="text-sm text-money-out-700">{errors.codesPerOrder}</p> : null}
      <FormError id="offer-error" errors={formError ? [formError] : undefined} />
      <Button type="submit" fullWidth>
        {a ? "Save offer" : "Place offer"}
      </Button>
    </Form>
  );
}
