/** /staff/transfers: pending BTC/USDT transfer orders, newest first; confirm one (the coins are credited) or reject it with a reason. */
import { useLoaderData } from "@remix-run/react";
import type { VirtualCoinOrder } from "../../contract/calls/virtual-coin-staff";
import { VirtualCoinOrderStatus } from "../../contract/enums";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ReasonField, StaffEmpty, StaffForm, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { DateTime } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { formatCoins } from "~/services/money/format";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { field, lastIdOf, numberField, staffAction, staffApi, staffPage } from "~/services/staff/staff.server";

const SYMBOL = ["BTC", "USDT"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/virtualCoin/list", { lastId, status: VirtualCoinOrderStatus.Pending }), (v) => v.id);
  return json({ ...page, first: !lastId }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, () => "/staff/transfers", {
    confirm: (f, api) => api.call("/admin/virtualCoin/confirm", { id: numberField(f, "id") as number }),
    reject: (f, api) => api.call("/admin/virtualCoin/reject", { id: numberField(f, "id") as number, reason: field(f, "reason") }),
  });

export default function StaffTransfers() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Pending BTC/USDT transfers</h2>
      {data.error ? <StaffEmpty text={data.error} /> : data.items.length === 0 ? <StaffEmpty text="No transfer waits for a decision." /> : null}
      <ul className="flex flex-col gap-3">
        {(data.items as VirtualCoinOrder[]).map((v) => (
          <StaffItem key={v.id} testId={`staff-transfer-${v.id}`}>
            <p className="font-semibold text-gray-900">
              Transfer {v.id} · {(v.tradeAmount / 1e8).toString()} {SYMBOL[v.type]}
            </p>
            <p className="break-all text-sm text-gray-700">
              {v.userNickname} (#{v.userId}) · from {v.fromAddress} · hash {v.transactionId}
            </p>
            <p className="mb-3 text-sm text-gray-700">
              Credits {formatCoins(v.coins)} {coinName}
              {v.priceIndicative ? " (indicative price)" : ""} · <DateTime ms={v.createTimestamp} />
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              <StaffForm
                intent="confirm"
                id={v.id}
                label="Confirm: the transfer arrived"
                question={{ title: `Confirm transfer ${v.id}?`, describe: () => `${v.userNickname} is credited ${formatCoins(v.coins)} ${coinName}.` }}
              />
              <StaffForm
                intent="reject"
                id={v.id}
                label="Reject"
                variant="danger"
                question={{ title: `Reject transfer ${v.id}?`, describe: (f) => `Nothing is credited. Reason: ${f.reason ?? ""}`, confirmLabel: "Reject" }}
              >
                <ReasonField id={`reason-${v.id}`} />
              </StaffForm>
            </div>
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff/transfers" next={data.next} first={data.first} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
