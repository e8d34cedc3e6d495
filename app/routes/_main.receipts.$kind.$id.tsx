/**
 * /receipts/{kind}/{id}: the receipt of her completed order, completed withdrawal or confirmed
 * transfer (ADR 0075; kind order|withdrawal|transfer). The backend builds it, in her time zone;
 * the page draws it to print (black on white, no bars) and links its PDF (/receipts/{kind}/{id}/pdf).
 * Not ready or not hers: a 404 with the kind's message ("A receipt is ready once the order is
 * completed."). Islands-only (ADR 0067): the Print button is the print touch's.
 */
import { json, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import type { Receipt } from "../../contract/calls/receipts";
import { receiptPath, type ReceiptKind } from "../../contract/receipts";
import { ReceiptView } from "~/components/receipts/ReceiptView";
import { ButtonLink } from "~/components/ui";
import { BackLink } from "~/components/ui/BackLink";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { must, requireApi } from "~/services/kit/api.server";
import { notFoundResponse } from "~/services/kit/params";
import { receiptParams } from "~/services/receipts/params";
import type { IslandsHandle } from "~/services/layout/islands";
import { Code } from "../../contract/envelope";

export const handle: IslandsHandle = { islands: [] };

/** Where each kind's receipt leads back to: its own details (a transfer has no page but the list). */
const BACK: Record<ReceiptKind, (id: number) => { to: string; label: string }> = {
  order: (id) => ({ to: `/orderDetails/${id}`, label: `Order ${id}` }),
  withdrawal: (id) => ({ to: `/withdrawDetails/${id}`, label: `Withdrawal ${id}` }),
  transfer: () => ({ to: "/transfers", label: "My Transfers" }),
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { kind, id } = receiptParams(params);
  const api = await requireApi(request, context);
  const result = await api.call("/receipt/getReceipt", { kind, id });
  if (!result.ok && result.code === Code.NOT_FOUND) throw notFoundResponse(result.msg);
  return json({ receipt: must(result) }, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Receipt ${data.receipt.reference} | GiftMarket` : "Receipt | GiftMarket" }];

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  const r = receipt as Receipt;
  const back = BACK[r.kind](r.id);
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <div className="print:hidden">
        <BackLink to={back.to}>{back.label}</BackLink>
      </div>
      <ReceiptView receipt={r} pdfHref={`${receiptPath(r.kind, r.id)}/pdf`} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "Receipts are for your own completed orders, withdrawals and transfers.", action: <ButtonLink to="/account">Back to your wallet</ButtonLink> }} />;
}
