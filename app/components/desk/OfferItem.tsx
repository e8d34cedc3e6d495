/**
 * One of the merchant's offers on the desk: card, kind, its rate and faces as sellers read them
 * on the offer, amount left, status, and Edit / Pause / Resume.
 */
import { Link } from "@remix-run/react";
import type { MerchantAdvert } from "../../../contract/calls/catalog-merchant";
import { AdvertStatus, advertStatusLabels } from "../../../contract/enums";
import { Button, StatusBadge } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { faceUnits, offerFaces, offerRate } from "~/services/money/offers";

export const PAUSE_INTENT = "pause";
export const RESUME_INTENT = "resume";

export function OfferItem({ advert: a }: { advert: MerchantAdvert }) {
  const listed = a.status === AdvertStatus.Listed;
  const { coinName } = useMainLayoutData();
  const faces = offerFaces(a);
  return (
    <article className="flex flex-col gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4" data-testid="desk-offer" data-advert-id={a.id} data-status={a.status}>
      <div className="flex items-start gap-3">
        {a.paymentIcon ? <img src={a.paymentIcon} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg bg-gray-100" /> : null}
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-gray-900">{a.paymentNameEn}</h2>
          <p className="text-xs text-gray-600">
            {a.cardType === 1 ? "E-code" : "Picture"} · <span className="num font-medium text-gray-900">{offerRate(a.discount, coinName, a.tradeCurrency)}</span>
          </p>
          <p className="num text-xs text-gray-600">
            {faces.fixed ? "Faces" : "Face"} {faces.text} · Left {faceUnits(a.tradeAmount)} · {a.payLimit} min
          </p>
        </div>
        <StatusBadge tone={listed ? "success" : "wait"}>{advertStatusLabels[a.status]}</StatusBadge>
      </div>
      <div className="flex gap-2">
        <Link to={`/desk/offers/${a.id}`} className="inline-flex h-10 flex-1 items-center justify-center rounded-lg text-sm font-medium text-brand-700 ring-1 ring-gray-300 hover:bg-gray-50">
          Edit<span className="sr-only"> offer {a.id}</span>
        </Link>
        <Form method="post" preventScrollReset className="flex-1">
          <input type="hidden" name="id" value={a.id} />
          <input type="hidden" name="intent" value={listed ? PAUSE_INTENT : RESUME_INTENT} />
          <Button type="submit" variant="secondary" fullWidth>
            {listed ? "Pause" : "Resume"}
            <span className="sr-only"> offer {a.id}</span>
          </Button>
        </Form>
      </div>
    </article>
  );
}
