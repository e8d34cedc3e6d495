/**
 * The offer form (create and edit): every field of an advert the merchant sets, in currency
 * units; the server checks it with the contract's schema and answers each message under its field.
 */
import type { MerchantAdvert } from "../../../contract/calls/merchant-desk";
import { ADVERT_EXPLAIN_MAX } from "../../../contract/advert-rules";
import { Button, Field, FormError, SelectField, TextAreaField, type SelectOption } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { faceUnits } from "~/services/money/offers";

type Errors = Partial<Record<string, string>>;

const facesOf = (fixTrade: string) =>
  fixTrade
    .split("|")
    .filter(Boolean)
    .map((f) => faceUnits(Number(f)))
    .join(" | ");

export function OfferForm({ advert: a, cardTypes, currencies, errors, formError }: { advert: MerchantAdvert | null; cardTypes: SelectOption[]; currencies: SelectOption[]; errors: Errors; formError: string | null }) {
  return (
    <Form method="post" className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-label={a ? "Edit offer" : "New offer"} data-testid="offer-form">
      <div className="grid gap-x-3 sm:grid-cols-2">
        <SelectField id="offer-card" name="cardTypeId" label="Card type" placeholder="Select a card" options={cardTypes} defaultValue={a ? String(a.cardtypeid) : ""} error={errors.cardTypeId} />
        <SelectField
          id="offer-kind"
          name="cardType"
          label="Card kind"
          options={[
            { value: "1", label: "E-codes" },
            { value: "0", label: "Pictures" },
          ]}
          defaultValue={a ? String(a.cardType) : "1"}
          error={errors.cardType}
        />
        <SelectField id="offer-currency" name="tradeCurrency" label="Currency" options={currencies} defaultValue={a?.tradeCurrency ?? "USD"} error={errors.tradeCurrency} />
        <Field id="offer-discount" name="discount" label="Discount (per 10000)" hint="Coins per unit of face × 10000: 8500 pays 85 coins for a 100 face." inputMode="numeric" defaultValue={a ? String(a.discount) : ""} error={errors.discount} required />
        <Field id="offer-min" name="minTrade" label="Smallest face" inputMode="decimal" defaultValue={a ? faceUnits(a.minTrade) : ""} error={errors.minTrade} required />
        <Field id="offer-max" name="maxTrade" label="Largest face" inputMode="decimal" defaultValue={a ? faceUnits(a.maxTrade) : ""} error={errors.maxTrade} required />
        <Field id="offer-faces" name="fixTrade" label="Fixed faces (optional)" hint="Whole amounts separated by | (50 | 100). Empty: any face in the range." defaultValue={a ? facesOf(a.fixTrade) : ""} error={errors.fixTrade} />
        <Field id="offer-amount" name="tradeAmount" label="Face amount you will buy" inputMode="decimal" defaultValue={a ? faceUnits(a.tradeAmount) : ""} error={errors.tradeAmount} required />
        <Field id="offer-pay-limit" name="payLimit" label="Pay limit (minutes)" inputMode="numeric" defaultValue={a ? String(a.payLimit) : "30"} error={errors.payLimit} required />
        <Field id="offer-tags" name="tagListEn" label="Tags (optional)" hint="Separated by | (Fast | E-code)." defaultValue={a?.tagListEn.split("|").join(" | ") ?? ""} error={errors.tagListEn} />
      </div>
      <TextAreaField id="offer-explain" name="explainInfo" label="Explanation for sellers" rows={3} maxLength={ADVERT_EXPLAIN_MAX} defaultValue={a?.explainInfo ?? ""} error={errors.explainInfo} />
      <label className="mb-3 flex items-center gap-2 text-sm text-gray-900">
        <input type="checkbox" name="codesPerOrder" value="1" defaultChecked={a?.codesPerOrder === 1} className="h-5 w-5 rounded border-gray-300" />
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
