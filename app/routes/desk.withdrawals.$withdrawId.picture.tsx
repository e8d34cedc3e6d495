/**
 * GET /desk/withdrawals/{id}/picture: the payment picture of a withdrawal sent to this withdrawer,
 * through /merchant/withdraw/getPayPicture (which answers only its withdrawer). Like every desk
 * URL, anyone without the withdrawer desk gets what an unknown path gets (ADR 0034).
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { notFoundText, privateImage } from "~/services/kit/resource.server";
import { requireDesk } from "~/services/kit/desk.server";
import { idParam } from "~/services/kit/params";
import { nothingToPost } from "~/services/desk/withdrawer-desk.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const id = idParam(params.withdrawId, "Not found");
  const result = await api.call("/merchant/withdraw/getPayPicture", { id });
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}

/** A post here is answered like any unknown path's. */
export const action = nothingToPost;
