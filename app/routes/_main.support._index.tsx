/**
 * /support: her tickets and the "New ticket" form (ADR 0078). ?new=1&kind=order&ref=12 (the "Get help"
 * links of an order or a withdrawal) fills in what it is about. Islands-only (ADR 0067): the form
 * posts (multipart, with its pictures); a refusal keeps what she typed and puts the message at its field.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { TicketItem, TicketSummary } from "../../contract/support";
import { NewTicketForm, TicketRow } from "~/components/support/SupportParts";
import { EmptyState, ErrorState } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { json, NO_STORE, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import type { IslandsHandle } from "~/services/layout/islands";
import { NEW_TICKET_INTENT, type TicketRefusal } from "~/services/support/fields";
import { postNewTicket } from "~/services/support/support.server";

export const handle: IslandsHandle = { islands: [] };
export const meta: MetaFunction = () => [{ title: "Support | GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const q = new URL(request.url).searchParams;
  const r = await api.call("/support/list", {});
  return json(
    { tickets: r.ok ? r.data.list : null, recent: r.ok ? r.data.recent : [], preset: { kind: q.get("kind") ?? undefined, refId: q.get("ref") ?? undefined }, opening: q.get("new") === "1" },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await requireApi(request, context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    [NEW_TICKET_INTENT]: async (intent) => {
      const r = await postNewTicket(api, form, intent);
      return "id" in r ? redirectWithToast(api.session, `/support/${r.id}`, "Ticket sent. We answer here and tell you by notice and e-mail.") : json(r, { status: 400 });
    },
  });
}

export default function SupportPage() {
  const data = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() as TicketRefusal | undefined) ?? null;
  const tickets = data.tickets as TicketSummary[] | null;
  const form = <NewTicketForm recent={data.recent as TicketItem[]} preset={data.preset} refused={refused?.field !== undefined ? refused : null} />;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Support</h1>
        <p className="text-sm text-gray-600">Ask us about an order, a withdrawal, a transfer or your account. We answer here, and tell you by notice and e-mail.</p>
      </div>
      {/* Opened from "Get help": the form first; otherwise her tickets first. */}
      {data.opening ? form : null}
      <section aria-labelledby="tickets-title" className="flex flex-col gap-3">
        <h2 id="tickets-title" className="text-base font-semibold text-gray-900">
          Your tickets
        </h2>
        {tickets === null ? (
          <ErrorState message="Your tickets could not be loaded." retryTo="/support" className="rounded-xl bg-white" />
        ) : tickets.length === 0 ? (
          <EmptyState className="rounded-xl bg-white" title="No tickets yet" description="When something is not right, open a ticket below." />
        ) : (
          <ul className="flex flex-col gap-3">
            {tickets.map((t) => (
              <li key={t.id}>
                <TicketRow t={t} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {data.opening ? null : form}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to see your support tickets." />;
}
