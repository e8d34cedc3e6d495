/**
 * /desk/withdrawals/{withdrawId}: one withdrawal sent to this withdrawer (ADR 0037).
 * Only its withdrawer (requireDesk; another's id is the page's 404, as for sellers).
 *
 * - What to pay and the 300-minute limit; the seller's bank account once processing has started
 *   (the backend sends it no earlier).
 * - Process (confirmed), then Complete with the payment picture, or Cancel with a reason: the
 *   actions the backend allows now, each a form that works without JavaScript.
 * - Once completed, the proof (/desk/withdrawals/{id}/picture); the timeline.
 */
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { DeskWithdrawal } from "../../contract/calls/withdrawals-desks";
import { Code } from "../../contract/envelope";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { Avatar } from "~/components/ui/Avatar";
import { BackLink } from "~/components/ui/BackLink";
import { ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { DeskActions } from "~/components/withdrawals/DeskActions";
import { DeskDeadline } from "~/components/withdrawals/DeskParts";
import { DeskBankPanel, DeskOutcomePanel, DeskPayPanel } from "~/components/withdrawals/DeskWithdrawalPanels";
import { WithdrawalStatusBadge } from "~/components/withdrawals/WithdrawalStatusBadge";
import { WithdrawalTimelinePanel } from "~/components/withdrawals/WithdrawalTimeline";
import { must } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { formatPayout } from "~/services/money/wallet";
import { DESK_PATH } from "~/services/desk/withdrawer-desk";
import { deskWithdrawalAction } from "~/services/desk/withdrawer-desk.server";

const NOT_FOUND = "This withdrawal does not exist.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const id = idParam(params.withdrawId, NOT_FOUND);
  const result = await api.call("/merchant/withdraw/detail", { id });
  if (!result.ok && result.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  return json(must(result), { headers: NO_STORE });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const id = idParam(params.withdrawId, NOT_FOUND);
  return deskWithdrawalAction(api, id, await readForm(request));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Withdrawal ${data.withdrawal.id} | Withdrawer desk` : "Withdrawal | Withdrawer desk" },
  { name: "robots", content: "noindex" },
];

export default function DeskWithdrawalPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() ?? null;
  const [params] = useSearchParams();
  const { coinName } = useMainLayoutData();
  const w = data.withdrawal as DeskWithdrawal;
  const payout = `${formatPayout(w.currencyAmount)} ${w.currency}`;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackLink to={DESK_PATH}>Withdrawer desk</BackLink>
      <header className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <Avatar src={w.userAvatar} size={48} />
        <div className="min-w-0 flex-1">
          <h1 className="break-words text-lg font-bold text-gray-900 md:text-xl">Withdrawal {w.id}</h1>
          <p className="truncate text-sm text-gray-600">from {w.userNickname}</p>
          <DeskDeadline w={w} className="mt-1 text-sm" />
        </div>
        <WithdrawalStatusBadge status={w.status} className="mt-1 shrink-0 px-3 py-1 text-sm" />
      </header>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <DeskPayPanel w={w} coinName={coinName} />
          <DeskBankPanel w={w} />
          <DeskActions actions={data.actions} payout={payout} asking={params.get("confirm")} failed={failed} />
          <DeskOutcomePanel w={w} />
        </div>
        <WithdrawalTimelinePanel w={w} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been sent to another withdrawer.", action: <ButtonLink to={DESK_PATH}>Back to the desk</ButtonLink> }} />;
}
