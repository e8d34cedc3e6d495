/**
 * GET /support/{ticketId}/picture/{messageId}/{index}: one picture of her ticket, through
 * /support/getPicture (which answers only the ticket's owner; ADR 0078). Never cached.
 */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { requireApi } from "~/services/kit/api.server";
import { ticketPictureParams } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ask = ticketPictureParams(params);
  const api = await requireApi(request, context, "json");
  const result = await api.call("/support/getPicture", ask);
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
