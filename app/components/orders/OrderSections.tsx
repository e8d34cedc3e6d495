/**
 * The sections of /orderDetails (the route stays short): the status header with
 * its timer, the Cancel Tips of a cancelled order, the order's figures and the offer it was sold to, and the card as sent (codes
 * decrypted in the browser by a lazy island, or without JavaScript shown after the seller's
 * trade password (ADR 0060); images through /orderImage).
 */
import { useRevalidator } from "@remix-run/react";
import { Suspense, lazy } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AdvertInfo, Order } from "../../../contract/entities";
import { OrderStatus } from "../../../contract/enums";
import { CardFaceRow, OrderNumberRows, PartyRow, PriceRows } from "~/components/orders/OrderFactRows";
import { OrderImages } from "~/components/orders/OrderImages";
import { CardCodeReveal, type CodeReveal } from "~/components/orders/CardCodeReveal";
import { OrderStatusBadge } from "~/components/orders/OrderStatusBadge";
import { Countdown, DetailPanel, RemarkLine, Skeleton, StatusBadge, VerifiedIcon } from "~/components/ui";
import { orderTimer, splitTags } from "~/services/orders/index";

const CardSecret = lazy(() => import("~/components/orders/CardSecret.client"));

export function StatusHeader({ order: o, name, icon, isECode }: { order: Order; name: string; icon: string; isECode: boolean }) {
  const timer = orderTimer(o);
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  return (
    <header className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {icon ? <img src={icon} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl bg-gray-100" /> : null}
        <div className="min-w-0">
          <h1 className="truncate text-lg font-bold text-gray-900 md:text-xl">{name || "Gift card"}</h1>
          <p className="text-sm text-gray-600">
            {isECode ? "E-code" : "Picture"} · Order {o.id}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <OrderStatusBadge status={o.status} className="px-3 py-1 text-sm" />
        {timer ? (
          <p className="text-sm text-gray-700" data-testid="order-timer">
            {timer.label} {hydrated ? "in" : "at"}{" "}
            <Countdown
              deadline={timer.deadline}
              onExpire={() => {
                // The timer job moves the order a moment after the deadline.
                setTimeout(() => revalidator.revalidate(), 3000);
              }}
            />
          </p>
        ) : null}
      </div>
    </header>
  );
}

const CANCEL_TIPS =
  "The buyer did not view your card in time, so the order was cancelled. Your card is stored safely and was not used.";
/** An order the merchant opened (its release timer started then) was cancelled later: the card was seen. */
const CANCEL_TIPS_OPENED = "The order was cancelled after the merchant opened your card. Nothing was paid for it.";

/** Status 5: why her order was cancelled and what became of the card (ADR 0051: nothing was paid). */
export function CancelTips({ order: o }: { order: Order }) {
  if (o.status !== OrderStatus.Cancelled) return null;
  return (
    <section aria-labelledby="cancel-tips" className="rounded-xl bg-money-out-50 p-4 ring-1 ring-inset ring-money-out-200" data-testid="cancel-tips">
      <h2 id="cancel-tips" className="text-sm font-semibold text-money-out-800">
        Cancel Tips
      </h2>
      <p className="mt-1 text-sm text-gray-800">{o.autoReleaseTimestamp !== null ? CANCEL_TIPS_OPENED : CANCEL_TIPS}</p>
    </section>
  );
}

export function OrderInfoPanel({ order: o, info, coinName, ngnRate }: { order: Order; info: AdvertInfo; coinName: string; ngnRate: number }) {
  const tags = splitTags(info.tagListEn);
  return (
    <DetailPanel title="Order" labelId="order-info">
      <dl className="divide-y divide-gray-100">
        <CardFaceRow amount={o.tradeAmount} currency={o.tradeCurrency} />
        <PriceRows order={o} side="seller" coinName={coinName} ngnRate={ngnRate} testId="order-coins" />
        <OrderNumberRows id={o.id} created={o.createTimestamp} />
        <PartyRow label="Merchant" avatar={o.buyerAvatar} userId={o.buyerid} nickname={o.buyerNickname} testId="order-merchant">
          <VerifiedIcon className="h-4 w-4 text-brand-600" />
          <span className="sr-only">Verified merchant</span>
        </PartyRow>
      </dl>
      {tags.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
          {tags.map((t) => (
            <li key={t}>
              <StatusBadge>{t}</StatusBadge>
            </li>
          ))}
        </ul>
      ) : null}
      {info.explainInfo ? (
        <p className="mt-3 whitespace-pre-line wrap-anywhere rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{info.explainInfo}</p>
      ) : null}
    </DetailPanel>
  );
}

/** What the page knows of the card without its secrets (the HTML never carries a code or a key). */
export interface CardSummary {
  isECode: boolean;
  hasCode: boolean;
  imageCount: number;
  /** The seller has a trade password, which reveals her code without JavaScript (ADR 0060). */
  tradePwdSet: boolean;
}

export function OrderCardPanel({
  order: o,
  card,
  codeFormat,
  reveal,
}: {
  order: Order;
  card: CardSummary;
  codeFormat?: string;
  /** Without JavaScript: the form's answer (ADR 0060). */
  reveal: CodeReveal | null;
}) {
  return (
    <DetailPanel title="Your card" labelId="your-card">
      {card.isECode ? (
        card.hasCode ? (
          <ClientOnly
            fallback={<CardCodeReveal tradePwdSet={card.tradePwdSet} reveal={reveal} codeFormat={codeFormat} />}
          >
            {() => (
              <Suspense fallback={<Skeleton className="h-10 w-full" />}>
                <CardSecret url={`/orderDetails/${o.id}/secret`} codeFormat={codeFormat} />
              </Suspense>
            )}
          </ClientOnly>
        ) : (
          <p className="text-sm text-gray-600">No code was sent with this order.</p>
        )
      ) : (
        <OrderImages orderId={o.id} count={card.imageCount} />
      )}
      {o.sellerRemark ? <RemarkLine text={o.sellerRemark} /> : null}
    </DetailPanel>
  );
}
