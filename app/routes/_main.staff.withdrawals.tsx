/** /staff/withdrawals: withdrawals stuck in Processing (1), newest first; cancel one with a reason (the coins go back to the seller). */
import { useLoaderData } from "@remix-run/react";
import type { StaffWithdrawal } from "../../contract/calls/withdrawals-desks";
import { WithdrawalStatus } from "../../contract/enums";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { ReasonField, StaffEmpty, StaffForm, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";
import { DateTime } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { formatCoins } from "~/services/money/format";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { field, lastIdOf, numberField, staffAction, staffApi, staffPage } from "~/services/staff/staff.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/withdraw/list", { lastId, status: WithdrawalStatus.Processing }), (w) => w.id);
  return json({ ...page, first: !lastId }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, () => "/staff/withdrawals", {
    cancel: (f, api) => api.call("/admin/withdraw/cancel", { id: numberField(f, "id") as number, reason: field(f, "reason") }),
  });

export default function StaffWithdrawals() {
  const data = useLoaderData<typeof loader>();
  const { coinName } = useMainLayoutData();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Withdrawals in Processing</h2>
      {data.error ? <StaffEmpty text={data.error} /> : data.items.length === 0 ? <StaffEmpty text="No withdrawal is stuck in Processing." /> : null}
      <ul className="flex flex-col gap-3">
        {(data.items as StaffWithdrawal[]).map((w) => (
          <StaffItem key={w.id} testId={`staff-withdrawal-${w.id}`}>
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-gray-900">Withdrawal {w.id}</p>
              <WithdrawalStatusBadge status={w.status} />
            </div>
            <p className="text-sm text-gray-700">
              {w.userNickname} (#{w.userId}) sold {formatCoins(w.amount)} {coinName} to {w.withdrawerName}
            </p>
            <p className="mb-3 text-xs text-gray-500">
              Processing since <DateTime ms={w.processTimestamp ?? w.createTimestamp} />
            </p>
            <StaffForm
              intent="cancel"
              id={w.id}
              label="Cancel the withdrawal"
              variant="danger"
              question={{
                title: `Cancel withdrawal ${w.id}?`,
                describe: (f) => `${formatCoins(w.amount)} ${coinName} go back to ${w.userNickname}. Reason: ${f.reason ?? ""}`,
                confirmLabel: "Cancel the withdrawal",
              }}
            >
              <ReasonField id={`reason-${w.id}`} />
            </StaffForm>
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff/withdrawals" next={data.next} first={data.first} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
