/** /staff/tickets: the support queue (ADR 0078): open, waiting for the user, or closed, newest first; "Assigned to me" narrows it. */
import { Link, useLoaderData } from "@remix-run/react";
import { TicketStatus, ticketKindLabels, ticketStaffStatusLabels, type StaffTicketSummary } from "../../contract/support";
import { TicketStatusBadge } from "~/components/support/SupportParts";
import { StaffEmpty, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { DateTime, cx } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { json, NO_STORE, type LoaderFunctionArgs } from "~/services/kit/http.server";
import { lastIdOf, staffApi, staffPage } from "~/services/staff/staff.server";

const STATUSES = [TicketStatus.Open, TicketStatus.Waiting, TicketStatus.Closed] as const;

/** The queue's filters from the query: a status (open by default) and whether only hers. */
function filtersOf(request: Request) {
  const q = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => String(s) === q.get("status")) ?? TicketStatus.Open;
  return { status, mine: q.get("mine") === "1" };
}
const queryOf = (f: { status: number; mine: boolean }) => `status=${f.status}${f.mine ? "&mine=1" : ""}`;
const hrefOf = (f: { status: number; mine: boolean }) => `/staff/tickets?${queryOf(f)}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const f = filtersOf(request);
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/ticket/list", { lastId, status: f.status, assignee: f.mine ? "me" : null }), (t) => t.id);
  return json({ ...page, ...f, first: !lastId }, { headers: NO_STORE });
}

const pill = (on: boolean) =>
  cx("rounded-full px-3 py-1.5 text-sm font-medium no-underline ring-1", on ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-gray-800 ring-gray-300 hover:bg-brand-50");

export default function StaffTickets() {
  const data = useLoaderData<typeof loader>();
  const items = data.items as StaffTicketSummary[];
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Support tickets</h2>
      <nav aria-label="Ticket filters" className="flex flex-wrap gap-2">
        {STATUSES.map((s) => (
          <Link key={s} to={hrefOf({ status: s, mine: data.mine })} className={pill(data.status === s)} aria-current={data.status === s ? "page" : undefined}>
            {ticketStaffStatusLabels[s]}
          </Link>
        ))}
        <Link to={hrefOf({ status: data.status, mine: !data.mine })} className={pill(data.mine)} aria-pressed={data.mine} data-testid="tickets-mine">
          Assigned to me
        </Link>
      </nav>
      {data.error ? <StaffEmpty text={data.error} /> : items.length === 0 ? <StaffEmpty text="No ticket here." /> : null}
      <ul className="flex flex-col gap-3">
        {items.map((t) => (
          <StaffItem key={t.id} testId={`staff-ticket-${t.id}`}>
            <p className="flex items-center justify-between gap-2">
              <Link to={`/staff/tickets/${t.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
                Ticket {t.id} · {t.title}
              </Link>
              <TicketStatusBadge status={t.status} labels={ticketStaffStatusLabels} />
            </p>
            <p className="text-sm text-gray-700">
              {t.userNickname} (#{t.userId}) · {ticketKindLabels[t.kind]}
              {t.refId ? ` ${t.refId}` : ""} · {t.assigneeNickname ? `assigned to ${t.assigneeNickname}` : "not assigned"} · <DateTime ms={t.createdAt} />
            </p>
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff/tickets" query={queryOf(data)} next={data.next} first={data.first} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
