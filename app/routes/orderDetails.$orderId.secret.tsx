/**
 * GET /orderDetails/{orderId}/secret: the encrypted card code and the order
 * secret, as JSON, for the CardSecret island to decrypt in the browser after
 * hydration (ADR 0007). Never part of any HTML; never cached.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Code } from "../../contract/envelope";
import { apiFor } from "~/services/api.server";

const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.orderId);
  if (!Number.isSafeInteger(id) || id <= 0) return json({ error: "Order not found." }, { status: 404, headers: NO_STORE });
  const api = await apiFor(request, context);
  if (!api.signedIn) return json({ error: "Unauthorized, please login" }, { status: 401, headers: NO_STORE });
  const result = await api.call("/order/getOrderDetails", { id });
  if (!result.ok) {
    const status = result.code === Code.NOT_LOGGED_IN ? 401 : result.code === Code.NOT_FOUND ? 404 : 502;
    return json({ error: result.msg }, { status, headers: NO_STORE });
  }
  const { cardSecret, secret } = result.data.orderDetails;
  return json({ cardSecret, secret }, { headers: NO_STORE });
}
