/** GET /staff/tickets/{ticketId}/picture/{messageId}/{index}: one picture of any ticket, for staff (/admin/ticket/getPicture; ADR 0078). Never cached. */
import type { LoaderFunctionArgs } from "~/services/kit/http.server";
import { staffApi } from "~/services/staff/staff.server";
import { ticketPictureParams } from "~/services/kit/params";
import { notFoundText, privateImage } from "~/services/kit/resource.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const result = await api.call("/admin/ticket/getPicture", ticketPictureParams(params));
  return result.ok ? privateImage(result.data) : notFoundText(result.msg);
}
