/**
 * GET /withdrawDetails/{id}/picture: the payment picture (proof of payout) of
 * one of the user's withdrawals, through /userWithdraw/getPayPicture (which
 * answers only the owner). Never cached by shared caches.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { idParam } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.withdrawId, "Not found");
  const api = await requireApi(request, context, "json");
  const result = await api.call("/userWithdraw/getPayPicture", { id });
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
