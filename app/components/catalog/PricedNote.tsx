/**
 * The rate calculator's heading over the offers (ADR 0072): which card is priced, and what "≈ ₦"
 * is at. Across currencies a face means different cards, so it asks for one instead of pricing.
 */
import { AdvertCardType } from "../../../contract/catalog-enums";
import { formatCoins } from "~/services/money/format";

const FORM_WORD = { [AdvertCardType.Picture]: "picture card", [AdvertCardType.ECode]: "e-code" } as const;

export function PricedNote({
  priced,
  form,
  bestNgnRate,
}: {
  priced: { faceText: string; currency: string };
  form: AdvertCardType | null;
  bestNgnRate: number | null;
}) {
  const card = `${priced.faceText}${priced.currency ? ` ${priced.currency}` : ""} ${form === null ? "card" : FORM_WORD[form]}`;
  return (
    <div className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-gray-200" data-testid="priced-note">
      {!priced.currency ? (
        <p className="font-medium text-gray-900">Choose a currency to see what a {card} pays.</p>
      ) : (
        <>
          <h2 className="font-semibold text-gray-900">What a {card} pays, best first</h2>
          <p className="num text-gray-600">
            {bestNgnRate === null
              ? "No withdrawer pays naira right now: coins only."
              : // The withdrawer's rate is per 10000 of a coin: formatCoins shows it in naira per coin.
                `≈ ₦ at today's best withdrawer rate, ₦${formatCoins(Math.floor(bestNgnRate / 100))} per coin.`}
          </p>
        </>
      )}
    </div>
  );
}
