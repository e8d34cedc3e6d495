/**
 * GET /orderDetails/{orderId}/secret: the encrypted card code and the order
 * secret, as JSON, for the CardSecret island to decrypt in the browser after
 * hydration (ADR 0007). Never part of any HTML; never cached.
 */
import { json, NO_STORE as PRIVATE, type LoaderFunctionArgs } from "~/services/kit/http.server";
import { Code } from "../../contract/envelope";
import { requireApi } from "~/services/kit/api.server";

const NO_STORE = { ...PRIVATE, "X-Content-Type-Options": "nosniff" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.orderId);
  if (!Number.isSafeInteger(id) || id <= 0) return json({ error: "Order not found." }, { status: 404, headers: NO_STORE });
  const api = await requireApi(request, context, "json");
  const result = await api.call("/order/getOrderDetails", { id });
  if (!result.ok) return json({ error: result.msg }, { status: result.code === Code.NOT_FOUND ? 404 : 502, headers: NO_STORE });
  const { cardSecret, secret } = result.data.orderDetails;
  return json({ cardSecret, secret }, { headers: NO_STORE });
}
