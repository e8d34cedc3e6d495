/**
 * /staff/mall: the point mall's orders staff send by hand (ADR 0052). Waiting ones oldest first,
 * with the mobile number to top up; each is delivered with a reference or refunded with a reason
 * (the points go back to the user). Delivered and Refunded list the decided ones, newest first.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { StaffMallOrder } from "../../contract/calls/membership-staff";
import { MallOrderStatus, mallOrderStatusLabels } from "../../contract/enums";
import { points } from "~/components/membership/WealthAmount";
import { ReasonField, StaffEmpty, StaffForm, StaffItem, StaffPager, StaffTextField } from "~/components/staff/StaffParts";
import { DateTime, StatusBadge, Tabs } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { field, lastIdOf, numberField, staffAction, staffApi, staffPage, type StaffActionError } from "~/services/staff/staff.server";

const HERE = "/staff/mall";
const VIEWS = [
  { status: MallOrderStatus.Pending, label: "Waiting" },
  { status: MallOrderStatus.Delivered, label: "Delivered" },
  { status: MallOrderStatus.Refunded, label: "Refunded" },
] as const;
const TONES = { 0: "wait", 1: "success", 2: "danger" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const asked = Number(new URL(request.url).searchParams.get("status"));
  const status = VIEWS.find((v) => v.status === asked)?.status ?? MallOrderStatus.Pending;
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/mallOrder/list", { lastId, status }), (o) => o.id);
  return json({ ...page, first: !lastId, status }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, () => HERE, {
    deliver: (f, api) => api.call("/admin/mallOrder/deliver", { id: numberField(f, "id") as number, reference: field(f, "reference") }),
    refund: (f, api) => api.call("/admin/mallOrder/refund", { id: numberField(f, "id") as number, reason: field(f, "reason") }),
  });

const sendTo = (o: StaffMallOrder) => o.mobile ?? "no mobile number";

function Decisions({ o }: { o: StaffMallOrder }) {
  return (
    <div className="mt-3 grid gap-2 sm:grid-cols-2">
      <StaffForm
        intent="deliver"
        id={o.id}
        label="Mark delivered"
        question={{ title: `Mark mall order ${o.id} delivered?`, describe: (f) => `${o.itemName} was sent to ${sendTo(o)}. Reference: ${f.reference ?? ""}`, confirmLabel: "Mark delivered" }}
      >
        <StaffTextField id={`reference-${o.id}`} name="reference" label="Reference of the top-up" maxLength={100} />
      </StaffForm>
      <StaffForm
        intent="refund"
        id={o.id}
        label="Refund the points"
        variant="danger"
        question={{ title: `Refund mall order ${o.id}?`, describe: (f) => `${points(o.points)} points go back to ${o.userNickname}. Reason: ${f.reason ?? ""}`, confirmLabel: "Refund" }}
      >
        <ReasonField id={`reason-${o.id}`} />
      </StaffForm>
    </div>
  );
}

export default function StaffMall() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<StaffActionError>();
  const query = data.status === MallOrderStatus.Pending ? "" : `status=${data.status}`;
  // A refusal about an order no longer listed (someone else decided it meanwhile) has no form to stand beside.
  const gone = answer?.error && !(data.items as StaffMallOrder[]).some((o) => String(o.id) === answer.id) ? answer : null;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Point mall orders</h2>
      <Tabs label="Mall orders" tabs={VIEWS.map((v) => ({ to: v.status === MallOrderStatus.Pending ? HERE : `${HERE}?status=${v.status}`, label: v.label, current: v.status === data.status }))} />
      {gone ? (
        <p role="alert" className="rounded-xl bg-money-out-50 p-4 text-sm text-money-out-800 ring-1 ring-money-out-200" data-testid="staff-error">
          Mall order {gone.id}: {gone.error}
        </p>
      ) : null}
      {data.error ? (
        <StaffEmpty text={data.error} />
      ) : data.items.length === 0 ? (
        <StaffEmpty text={data.status === MallOrderStatus.Pending ? "No mall order waits to be sent." : `No ${mallOrderStatusLabels[data.status].toLowerCase()} mall order yet.`} />
      ) : null}
      <ul className="flex flex-col gap-3">
        {(data.items as StaffMallOrder[]).map((o) => (
          <StaffItem key={o.id} testId={`staff-mall-${o.id}`}>
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-gray-900">
                Mall order {o.id} · {o.itemName}
              </p>
              <StatusBadge tone={TONES[o.status]}>{mallOrderStatusLabels[o.status]}</StatusBadge>
            </div>
            <p className="text-sm text-gray-700">
              {o.userNickname} (#{o.userId}) paid {points(o.points)} points
            </p>
            <p className="text-sm text-gray-900">
              Send to: <strong className="num">{o.mobile ?? "no mobile number was bound"}</strong>
            </p>
            <p className="text-xs text-gray-500">
              Redeemed <DateTime ms={o.createTimestamp} />
              {o.decideTimestamp ? (
                <>
                  {" "}
                  · decided <DateTime ms={o.decideTimestamp} />
                </>
              ) : null}
            </p>
            {o.reference ? <p className="mt-1 text-sm text-gray-900">Reference: {o.reference}</p> : null}
            {o.reason ? <p className="mt-1 text-sm text-gray-900">Reason: {o.reason}</p> : null}
            {o.status === MallOrderStatus.Pending ? <Decisions o={o} /> : null}
          </StaffItem>
        ))}
      </ul>
      <StaffPager path={HERE} next={data.next} first={data.first} query={query} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
