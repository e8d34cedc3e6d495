/**
 * What both sell forms of an offer load (one card, or several: ADR 0073): the offer, a fresh
 * secret for a signed-in seller (the form's idempotency key, ADR 0007) and the quote the form
 * shows (ADR 0050).
 */
import { Code } from "../../../contract/envelope";
import { json, type LoaderFunctionArgs, NO_STORE, combineHeaders } from "~/services/kit/http.server";
import { must, optionalApi } from "~/services/kit/api.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { unitsText } from "../../../contract/sell-rules";
import { minorFromInput } from "~/services/money/format";

export const OFFER_NOT_FOUND = "This offer does not exist.";

/** `page`: the form's own address, where signing in comes back to. */
export async function sellPageLoader({ request, context, params }: LoaderFunctionArgs, page: (advertId: number) => string) {
  const id = idParam(params.advertId, OFFER_NOT_FOUND);
  const api = await optionalApi(request, context);
  const result = await api.call("/advert/getAdvertDetail", { id });
  if (!result.ok && result.code === Code.NOT_FOUND) throw notFoundResponse(OFFER_NOT_FOUND);
  // A block between the seller and the merchant (ADR 0021): the backend's words, and the way to undo it.
  if (!result.ok && result.code === Code.FORBIDDEN) throw json({ message: result.msg }, { status: 403, headers: NO_STORE });
  const { advert, secret, quote } = must(result);
  const headers = combineHeaders(NO_STORE, api.deviceCookie ? { "Set-Cookie": api.deviceCookie } : null);
  // The face she priced on the offer list (ADR 0072) starts the form, and rides through sign-in.
  const face = minorFromInput(new URL(request.url).searchParams.get("face"));
  const faceText = face !== null && face > 0 ? unitsText(face) : null;
  const back = `${page(id)}${faceText ? `?face=${encodeURIComponent(faceText)}` : ""}`;
  return json(
    {
      advert,
      // Only a signed-in seller gets (and needs) a secret.
      secret: api.signedIn && secret ? secret : null,
      quote,
      signedIn: api.signedIn,
      loginHref: `/login?redirectTo=${encodeURIComponent(back)}`,
      defaultFace: faceText,
    },
    { headers },
  );
}
