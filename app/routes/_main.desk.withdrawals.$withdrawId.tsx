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
import { DetailPage } from "~/components/detail/DetailPage";
import { ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { DeskActions } from "~/components/withdrawals/DeskActions";
import { DeskDeadline } from "~/components/withdrawals/DeskParts";
import { DeskBankPanel, DeskOutcomePanel, DeskPayPanel } from "~/components/withdrawals/DeskWithdrawalPanels";
import { WithdrawalHeader } from "~/components/withdrawals/WithdrawalHeader";
import { WithdrawalTimelinePanel } from "~/components/withdrawals/WithdrawalTimeline";
import { must } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm, typedFields } from "~/services/kit/form.server";
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
    <DetailPage
      split="withdrawal"
      back={{ to: DESK_PATH, label: "Withdrawer desk" }}
      header={
        <WithdrawalHeader w={w} avatar={w.userAvatar} party={`from ${w.userNickname}`}>
          <DeskDeadline w={w} className="mt-1 text-sm" />
        </WithdrawalHeader>
      }
      main={
        <>
          <DeskPayPanel w={w} coinName={coinName} />
          <DeskBankPanel w={w} />
          <DeskActions actions={data.actions} payout={payout} asking={params.get("confirm")} failed={failed} />
          <DeskOutcomePanel w={w} />
        </>
      }
      timeline={<WithdrawalTimelinePanel w={w} />}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ description: "It may have been sent to another withdrawer.", action: <ButtonLink to={DESK_PATH}>Back to the desk</ButtonLink> }} />;
}
