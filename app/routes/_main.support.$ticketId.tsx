/**
 * /support/{id}: one of her tickets (ADR 0078): the thread (staff notes never reach it), her reply form
 * while it is in progress, and the one-tap rating that closes it (or rates the one staff closed).
 * Anyone else's ticket is "Ticket not found.". Islands-only (ADR 0067): every form posts.
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { TicketStatus, ticketItemUrl, ticketKindLabels, type Ticket } from "../../contract/support";
import { RatingForm, ReplyForm, TicketStatusBadge, TicketThread } from "~/components/support/SupportParts";
import { BackLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { json, NO_STORE, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import type { IslandsHandle } from "~/services/layout/islands";
import { CLOSE_INTENT, REPLY_INTENT, type TicketRefusal } from "~/services/support/fields";
import { postClose, postReply } from "~/services/support/support.server";

export const handle: IslandsHandle = { islands: [] };
export const meta: MetaFunction = () => [{ title: "Support ticket | GiftMarket" }];

const NOT_FOUND = "Ticket not found.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = idParam(params.ticketId, NOT_FOUND);
  const api = await requireApi(request, context, "prompt");
  const r = await api.call("/support/get", { id });
  if (!r.ok && r.msg === NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  return json({ ticket: must(r) }, { headers: NO_STORE });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = idParam(params.ticketId, NOT_FOUND);
  const api = await requireApi(request, context);
  const form = await readForm(request);
  const done = (refused: TicketRefusal | null, toast: string) => (refused ? json(refused, { status: 400 }) : redirectWithToast(api.session, `/support/${id}`, toast));
  return dispatchIntent(form, {
    [REPLY_INTENT]: async (intent) => done(await postReply(api, form, id, intent), "Reply sent."),
    [CLOSE_INTENT]: async (intent) => done(await postClose(api, form, id, intent), "Thank you for telling us."),
  });
}

export default function SupportTicketPage() {
  const { ticket } = useLoaderData<typeof loader>() as { ticket: Ticket };
  const refused = (useActionData<typeof action>() as TicketRefusal | undefined) ?? null;
  const itemUrl = ticketItemUrl(ticket.kind, ticket.refId);
  const open = ticket.status !== TicketStatus.Closed;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <BackLink to="/support">Support</BackLink>
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">{ticket.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <TicketStatusBadge status={ticket.status} />
          <span>
            Ticket {ticket.id} · {ticketKindLabels[ticket.kind]}
            {itemUrl ? (
              <>
                {" "}
                <Link to={itemUrl} className="font-medium text-brand-700 underline underline-offset-2">
                  {ticket.refId}
                </Link>
              </>
            ) : null}
          </span>
        </p>
      </div>
      <TicketThread messages={ticket.messages} userName="You" />
      {open ? <ReplyForm refused={refused} /> : null}
      {open || ticket.rating === null ? (
        <RatingForm status={ticket.status} refused={refused} />
      ) : (
        <p className="rounded-xl bg-white p-4 text-sm text-gray-700 ring-1 ring-gray-200" data-testid="ticket-rated">
          Closed. You told us: {ticket.rating === "good" ? "it helped" : "it did not help"}. Need more help? <Link to="/support?new=1" className="font-medium text-brand-700 underline underline-offset-2">Open a new ticket</Link>.
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to see your support ticket." />;
}
