/**
 * The offer list's parts (docs/product/screens.md): the filter form (a GET form; with JavaScript it submits on
 * change, each change a history entry) and one offer with its merchant, rate and limits.
 */
import { OfferTags } from "~/components/catalog/OfferTags";
import { useLocation, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FiguresLine } from "~/components/trader/TraderFigures";
import { AdvertCardType, isOnline } from "../../../contract/catalog-enums";
import { faceUnits, ngnPerUnit, offerFaces, offerRate } from "~/services/money/offers";
// Not through offers.ts: a re-export there made /home load the sell rules (ADR 0028).
import { MerchantIdentity } from "~/components/catalog/MerchantIdentity";
import { cx } from "~/components/ui/cx";
import { ButtonLink } from "~/components/ui";
import { CARD_FACE_OPTIONS as CARD_FACES } from "../../../contract/constants";
import { useRef } from "react";
import type { AdvertFilters, OfferRow } from "~/services/catalog/adverts.server";
import { controlClasses } from "~/components/ui/Field";
import { formatCoinsWithName, formatNgnHundredths } from "~/services/money/format";

import { Form } from "~/components/ui/Form";
import { FILTER_FORM_PROPS, FILTER_NAVIGATE_OPTIONS, LIVE_DELAY_MS } from "~/components/ui/filter-form";
import { FilterActions } from "~/components/ui/FilterParts";

const TYPE_OPTIONS = [
  { value: "", label: "All" },
  { value: String(AdvertCardType.Picture), label: "Pictures" },
  { value: String(AdvertCardType.ECode), label: "E-codes" },
] as const;

/** A radio that looks like a pill button (peer-checked), for the face and type filters. */
function Pill({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="relative">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="peer sr-only" />
      <span
        className={cx(
          "num inline-flex h-9 w-full cursor-pointer select-none items-center justify-center whitespace-nowrap rounded-full border px-1 text-sm font-medium sm:min-w-12 sm:px-3",
          "border-gray-300 bg-white text-gray-800 hover:border-brand-400",
          "peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white",
          "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
        )}
      >
        {label}
      </span>
    </label>
  );
}

/** The region a typed amount refreshes in place (app/touches/live-results.ts). */
export const LIVE_REGION = { "data-live-region": "" } as const;

export function Filters({ filters, currencies, amountError }: { filters: AdvertFilters; currencies: { currency: string; nameEn: string }[]; amountError: string | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const { pathname } = useLocation();
  const typing = useRef<ReturnType<typeof setTimeout>>();
  const active = Boolean(filters.currency || filters.face !== null || filters.amount || filters.type !== null);
  return (
    <Form
      {...FILTER_FORM_PROPS}
      // Keyed by the applied filters so the controls follow Back/Forward and Reset.
      key={`${filters.currency}|${filters.face}|${filters.type}|${hydrated ? "" : filters.amount}`}
      onChange={(e) => {
        if (!hydrated) return;
        const form = e.currentTarget;
        clearTimeout(typing.current);
        // A typed amount replaces the entry once she pauses, as the touches script does (ADR 0072).
        if ((e.target as HTMLInputElement).name === "amount") typing.current = setTimeout(() => submit(form, { method: "get", replace: true, ...FILTER_NAVIGATE_OPTIONS }), LIVE_DELAY_MS);
        else submit(form, { method: "get", ...FILTER_NAVIGATE_OPTIONS });
      }}
      className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4"
      aria-label="Filter offers"
      // On an islands-only page the touches script submits it on change (app/touches/filters.ts).
      data-submit-on-change=""
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end lg:gap-6">
        {currencies.length > 1 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="filter-currency" className="text-sm font-medium text-gray-900">
              Currency
            </label>
            <select
              id="filter-currency"
              name="currency"
              defaultValue={filters.currency}
              className="h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm sm:w-56"
            >
              <option value="">All currencies</option>
              {currencies.map((c) => (
                <option key={c.currency} value={c.currency}>
                  {c.currency} · {c.nameEn}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium text-gray-900">Card face</legend>
          <div className="grid grid-cols-6 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
            <Pill name="face" value="" label="Any" checked={filters.face === null} />
            {CARD_FACES.map((f) => (
              <Pill key={f} name="face" value={String(f)} label={String(f)} checked={filters.face === f} />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-amount" className="text-sm font-medium text-gray-900">
            Or type the face
          </label>
          <input
            id="filter-amount"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 250"
            defaultValue={filters.amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby="filter-amount-error"
            className={controlClasses(Boolean(amountError), "h-10 sm:w-40")}
            // With JavaScript the offers below follow her typing (app/touches/live-results.ts).
            data-live-results=""
          />
          <p id="filter-amount-error" {...LIVE_REGION} className="text-sm text-money-out-700" role={amountError ? "alert" : undefined}>
            {amountError ?? ""}
          </p>
        </div>
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-medium text-gray-900">Card type</legend>
          <div className="grid grid-cols-3 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
            {TYPE_OPTIONS.map((t) => (
              <Pill
                key={t.value}
                name="type"
                value={t.value}
                label={t.label}
                checked={(filters.type === null ? "" : String(filters.type)) === t.value}
              />
            ))}
          </div>
        </fieldset>
      </div>
      <FilterActions resetTo={pathname} active={active} applyLabel="Apply filters" resetLabel="Reset filters" resetOnlyWhenActive className="flex flex-wrap items-center gap-2" />
    </Form>
  );
}

export function Offer({ a, coinName, ngnRate, sellFace }: { a: OfferRow; coinName: string; ngnRate: number; sellFace: string | null }) {
  const online = isOnline(a.onlineStatus);
  const faces = offerFaces(a);
  return (
    <article
      className={cx(
        "grid gap-3 rounded-xl p-4 shadow-sm ring-1 ring-gray-200",
        "md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.1fr)_auto] md:items-center md:gap-5",
        online ? "bg-white" : "bg-gray-50",
      )}
      data-testid="offer"
      data-currency={a.tradeCurrency}
      data-card-type={a.cardType}
      data-online={online ? "1" : "0"}
      aria-label={`Offer by ${a.nickname}`}
    >
      <MerchantIdentity
        advert={a}
        extra={
          <>
            <span className="num text-xs text-gray-600">{a.payLimit} min</span>
            <FiguresLine f={a.figures} />
          </>
        }
      />

      {/* Rate */}
      <div className="flex items-baseline justify-between gap-2 md:block">
        <span className="text-xs text-gray-600 md:block">Rate</span>
        <span className="text-right md:text-left">
          <span className="num block font-semibold text-money-in-700">
            {offerRate(a.discount, coinName, a.tradeCurrency)}
          </span>
          <span className="num block text-xs text-gray-600">≈ {ngnPerUnit(a.discount, ngnRate)} / {a.tradeCurrency}</span>
        </span>
      </div>

      {/* Limits, remaining, type and tags */}
      <div className="flex flex-col gap-1 text-sm">
        <p className="flex items-baseline justify-between gap-2 md:justify-start">
          <span className="text-xs text-gray-600">{faces.fixed ? "Faces" : "Limits"}</span>
          <span className="num text-right font-medium text-gray-900">{faces.text}</span>
        </p>
        <p className="flex items-baseline justify-between gap-2 md:justify-start">
          <span className="text-xs text-gray-600">Remaining</span>
          <span className="num text-right text-gray-900">
            {faceUnits(a.tradeAmount)} {a.tradeCurrency}
          </span>
        </p>
        <OfferTags advert={a} className="mt-1" />
      </div>

      {a.pays ? (
        <p className="num rounded-lg bg-money-in-50 px-3 py-2 text-sm text-gray-900 md:col-span-full md:row-start-2" data-testid="offer-pays">
          You get <span className="font-semibold text-money-in-700">{formatCoinsWithName(a.pays.coins, coinName)}</span>
          {a.pays.naira !== null ? <> ≈ <span className="font-semibold">{formatNgnHundredths(BigInt(a.pays.naira))}</span></> : null}
        </p>
      ) : null}

      {/* Action */}
      <div className="flex md:justify-end">
        {online ? (
          // Her face rides along: the sell form starts with it, through sign-in too (ADR 0072).
          <ButtonLink to={`/sellCard/${a.id}${sellFace ? `?face=${encodeURIComponent(sellFace)}` : ""}`} size="md" className="w-full md:w-28">
            Sell
          </ButtonLink>
        ) : (
          <span
            aria-disabled="true"
            className="inline-flex h-11 w-full cursor-not-allowed select-none items-center justify-center rounded-lg border border-dashed border-gray-300 bg-gray-100 px-4 text-base font-medium text-gray-600 md:w-28"
          >
            Offline
          </span>
        )}
      </div>
    </article>
  );
}
