/**
 * The card as its merchant sees it (ADR 0036): before the view, a note that viewing holds the
 * price from the balance; after it, the codes (decrypted by the backend for the merchant only,
 * in a no-store page, so they read without JavaScript) and the images through /orderImage,
 * which authorises the order for its buyer and fetches each image with the order's key.
 */
import type { MerchantCard } from "../../../contract/calls/orders-desks";
import { CardCodeText } from "~/components/orders/CardCodeText";
import { OrderImages } from "~/components/orders/OrderImages";
import { DetailPanel, RemarkLine } from "~/components/ui";

export function MerchantCardPanel({ orderId, card, codeFormat, remark }: { orderId: number; card: MerchantCard | null; codeFormat?: string; remark: string | null }) {
  return (
    <DetailPanel title="The card" labelId="desk-card">
      {!card ? (
        <p className="text-sm text-gray-700" data-testid="desk-card-hidden">
          View the card to see it. Viewing holds the order's price from your balance until you complete or negotiate.
        </p>
      ) : card.cardType === 1 ? (
        card.codes.length ? (
          <ul className="flex flex-col gap-2" aria-label="Card codes" data-testid="desk-codes">
            {card.codes.map((c, i) => (
              <li key={i} className="rounded-lg bg-gray-50 px-3 py-2 font-mono text-base text-gray-900 ring-1 ring-gray-200">
                <CardCodeText code={c} format={codeFormat} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-600">No code was sent with this order.</p>
        )
      ) : (
        <OrderImages orderId={orderId} count={card.images.length} />
      )}
      {remark ? <RemarkLine text={remark} /> : null}
    </DetailPanel>
  );
}
