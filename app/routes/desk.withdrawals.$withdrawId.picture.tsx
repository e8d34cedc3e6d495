/**
 * GET /desk/withdrawals/{id}/picture: the payment picture of a withdrawal sent to this withdrawer,
 * through /merchant/withdraw/getPayPicture (which answers only its withdrawer). Like every desk
 * URL, anyone without the withdrawer desk gets what an unknown path gets (ADR 0034).
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { privateImageResponse } from "~/services/orders/image-response";
import { requireDesk } from "~/services/kit/desk.server";
import { idParam } from "~/services/kit/params";
import { nothingToPost } from "~/services/desk/withdrawer-desk.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const id = idParam(params.withdrawId, "Not found");
  const result = await api.call("/merchant/withdraw/getPayPicture", { id });
  if (!result.ok) return new Response(result.msg, { status: 404, headers: { "Cache-Control": "no-store" } });
  return privateImageResponse(result.data);
}

/** A post here is answered like any unknown path's. */
export const action = nothingToPost;
