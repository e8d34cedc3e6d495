/**
 * The offer a seller sells against (/sellCard): merchant (avatar, nickname,
 * verified, online), rate in coins and NGN per unit, limits or fixed faces,
 * remaining amount, time limit, tags and the merchant's instructions.
 */
import { DetailRow } from "~/components/ui/DetailPanel";
import type { AdvertWithMerchant } from "../../../contract/entities";
import { faceUnits, ngnPerUnit, offerFaces, offerRate } from "~/services/money/offers";
// Not through offers.ts: a re-export there made /home load the sell rules (ADR 0028).
import { MerchantIdentity } from "~/components/catalog/MerchantIdentity";
import { OfferTags } from "~/components/catalog/OfferTags";

export function OfferSummary({ advert: a, coinName, ngnRate }: { advert: AdvertWithMerchant; coinName: string; ngnRate: number }) {
  const faces = offerFaces(a);
  return (
    <section aria-label="Offer" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <MerchantIdentity advert={a} />

      <div className="mt-4 rounded-lg bg-money-in-50 px-3 py-2">
        <p className="text-xs text-gray-700">Rate</p>
        <p className="num text-lg font-semibold text-money-in-800">
          {offerRate(a.discount, coinName, a.tradeCurrency)}
        </p>
        <p className="num text-xs text-gray-700">
          ≈ {ngnPerUnit(a.discount, ngnRate)} / {a.tradeCurrency}
        </p>
      </div>

      <dl className="mt-2 divide-y divide-gray-100">
        <DetailRow label={faces.fixed ? "Card faces" : "Limits"}>{faces.text}</DetailRow>
        <DetailRow label="Remaining">
          {faceUnits(a.tradeAmount)} {a.tradeCurrency}
        </DetailRow>
        <DetailRow label="Time limit">{a.payLimit} min</DetailRow>
      </dl>

      <OfferTags advert={a} className="mt-2" />

      {a.explainInfo ? (
        <div className="mt-4 rounded-lg bg-wait-50 p-3 ring-1 ring-inset ring-wait-200">
          <h2 className="text-sm font-semibold text-wait-800">Merchant&apos;s instructions</h2>
          <p className="mt-1 whitespace-pre-line wrap-anywhere text-sm text-gray-800">{a.explainInfo}</p>
        </div>
      ) : null}
    </section>
  );
}
