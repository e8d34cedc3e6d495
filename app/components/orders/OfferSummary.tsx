/**
 * The offer a seller sells against (/sellCard): merchant (avatar, nickname,
 * verified, online), rate in coins and NGN per unit, limits or fixed faces,
 * remaining amount, time limit, tags and the merchant's instructions.
 */
import type { AdvertWithMerchant } from "../../../contract/entities";
import { isOnline } from "../../../contract/enums";
import { coinsPerUnit, faceUnits, fixedFaces, ngnPerUnit } from "~/services/money/offers";
import { cx } from "~/components/ui/cx";
import { Avatar } from "~/components/layout/UserMenu";
import { VerifiedIcon } from "~/components/ui";
import { OfferTags } from "~/components/catalog/OfferTags";

export function OnlineDot({ online }: { online: boolean }) {
  return (
    <span className={cx("inline-flex items-center gap-1.5 text-xs font-medium", online ? "text-money-in-700" : "text-gray-600")}>
      <span aria-hidden="true" className={cx("h-2 w-2 rounded-full", online ? "bg-money-in-600" : "bg-gray-400")} />
      {online ? "Online" : "Offline"}
    </span>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="num text-right text-sm font-medium text-gray-900">{children}</dd>
    </div>
  );
}

export function OfferSummary({ advert: a, coinName, ngnRate }: { advert: AdvertWithMerchant; coinName: string; ngnRate: number }) {
  const online = isOnline(a.onlineStatus);
  const faces = fixedFaces(a.fixTrade);
  return (
    <section aria-label="Offer" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center gap-3">
        <Avatar src={a.avatar} size={44} />
        <div className="min-w-0">
          <p className="flex min-w-0 items-center gap-1">
            <span className="truncate font-semibold text-gray-900" data-testid="merchant-name">
              {a.nickname}
            </span>
            <VerifiedIcon className="h-4 w-4 shrink-0 text-brand-600" />
            <span className="sr-only">Verified merchant</span>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5">
            <OnlineDot online={online} />
            <span className="num text-xs text-gray-600">{a.totalTrade.toLocaleString("en-US")} trades</span>
          </p>
        </div>
      </div>

      <div className="mt-4 rounded-lg bg-money-in-50 px-3 py-2">
        <p className="text-xs text-gray-700">Rate</p>
        <p className="num text-lg font-semibold text-money-in-800">
          {coinsPerUnit(a.discount)} {coinName} / {a.tradeCurrency}
        </p>
        <p className="num text-xs text-gray-700">
          ≈ {ngnPerUnit(a.discount, ngnRate)} / {a.tradeCurrency}
        </p>
      </div>

      <dl className="mt-2 divide-y divide-gray-100">
        <Row label={faces.length > 0 ? "Card faces" : "Limits"}>
          {faces.length > 0
            ? `${faces.map(faceUnits).join(", ")} ${a.tradeCurrency}`
            : `${faceUnits(a.minTrade)} – ${faceUnits(a.maxTrade)} ${a.tradeCurrency}`}
        </Row>
        <Row label="Remaining">
          {faceUnits(a.tradeAmount)} {a.tradeCurrency}
        </Row>
        <Row label="Time limit">{a.payLimit} min</Row>
      </dl>

      <OfferTags advert={a} className="mt-2" />

      {a.explainInfo ? (
        <div className="mt-4 rounded-lg bg-wait-50 p-3 ring-1 ring-inset ring-wait-200">
          <h2 className="text-sm font-semibold text-wait-800">Merchant&apos;s instructions</h2>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-800">{a.explainInfo}</p>
        </div>
      ) : null}
    </section>
  );
}
