/**
 * /home's rate calculator (ADR 0072): a plain GET form to /advertList, which opens the card type's
 * offers priced for her card. Small on purpose: /home is the lightest page (ADR 0067), so it
 * carries the choices and nothing of the pricing.
 */
import type { CardType, Currency } from "../../../contract/entities";
import { AdvertCardType } from "../../../contract/catalog-enums";

// Preflight makes the controls inherit the page's 16 px text; app/tailwind.css draws the focus ring.
const box = "h-10 rounded-lg border border-gray-300 bg-white px-2";

function Labelled({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

export function HomeCalculator({ cardTypes, currencies }: { cardTypes: CardType[]; currencies: Currency[] }) {
  return (
    <form method="get" action="/advertList" aria-labelledby="calc-title" className="grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 md:grid-cols-5 md:items-end">
      <h2 id="calc-title" className="col-span-full font-semibold">
        What is my card worth?
      </h2>
      <Labelled id="calc-card" label="Gift card">
        <select id="calc-card" name="cardTypeId" required className={box}>
          {cardTypes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nameEn}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="calc-currency" label="Currency">
        <select id="calc-currency" name="currency" className={box}>
          {currencies.map((c) => (
            <option key={c.currency}>{c.currency}</option>
          ))}
        </select>
      </Labelled>
      <Labelled id="calc-amount" label="Card face">
        <input id="calc-amount" name="amount" inputMode="decimal" required placeholder="e.g. 100" autoComplete="off" className={box} />
      </Labelled>
      <Labelled id="calc-type" label="Card form">
        <select id="calc-type" name="type" className={box}>
          <option value="">Any</option>
          <option value={AdvertCardType.Picture}>Picture</option>
          <option value={AdvertCardType.ECode}>E-code</option>
        </select>
      </Labelled>
      <button type="submit" className="col-span-full h-10 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 md:col-span-1">
        See what it pays
      </button>
    </form>
  );
}
