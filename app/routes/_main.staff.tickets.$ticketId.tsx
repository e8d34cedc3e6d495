/**
 * /staff/tickets/{id}: one ticket on the staff desk (ADR 0078): who asked, about what (a link to the
 * item's staff page), the thread with the notes marked "Internal", the answer form with a canned-answer
 * picker (with JavaScript the choice fills the answer; without, "Use" loads the page with it filled),
 * an internal note, assign to me, and close (asked first: it ends the ticket).
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Code } from "../../contract/envelope";
import { CANNED_ANSWERS, TICKET_MESSAGE_MAX, TicketStatus, cannedAnswer, ticketKindLabels, ticketStaffStatusLabels, type StaffTicket } from "../../contract/support";
import { StaffForm } from "~/components/staff/StaffParts";
import { TicketStatusBadge, TicketThread } from "~/components/support/SupportParts";
import { Button, FormError, SelectField, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { must, redirectWithToast } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { json, NO_STORE, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { idParam, notFoundResponse } from "~/services/kit/params";
import { field, staffApi, staffDecision, type StaffActionError } from "~/services/staff/staff.server";

const NOT_FOUND = "Ticket not found.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const id = idParam(params.ticketId, NOT_FOUND);
  const r = await api.call("/admin/ticket/get", { id });
  if (!r.ok && r.code === Code.NOT_FOUND) throw notFoundResponse(NOT_FOUND);
  // "Use" without JavaScript: the chosen canned answer, filled into the answer.
  const canned = cannedAnswer(new URL(request.url).searchParams.get("canned") ?? "");
  return json({ ticket: must(r), canned: canned?.id ?? "", answer: canned?.body ?? "" }, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Staff: ticket ${data.ticket.id} | GiftMarket` : "Staff | GiftMarket" }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = await staffApi(request, context);
  const id = idParam(params.ticketId, NOT_FOUND);
  const form = await readForm(request);
  const here = () => `/staff/tickets/${id}`;
  // Answers, notes and taking the ticket end nothing: they post at once; a refusal keeps the words.
  const direct = (toast: string, run: () => ReturnType<typeof api.call>) => async (intent: string) => {
    const r = await run();
    if (r.ok) return redirectWithToast(api.session, here(), toast);
    return json<StaffActionError>({ intent, id: String(id), error: r.msg, typed: { body: field(form, "body") } }, { status: 400 });
  };
  return dispatchIntent(form, {
    reply: direct("Answer sent. The user is told by notice and e-mail.", () => api.call("/admin/ticket/reply", { id, body: field(form, "body") })),
    note: direct("Note added.", () => api.call("/admin/ticket/note", { id, body: field(form, "body") })),
    assign: direct("Assigned to you.", () => api.call("/admin/ticket/assign", { id })),
    close: staffDecision(api, form, here, (_f, a) => a.call("/admin/ticket/close", { id })),
  });
}

/** The answer, with the canned-answer picker: the select fills it with JavaScript; "Use" does the same through the page without. */
function AnswerForm({ id, initial, canned, refused }: { id: number; initial: string; canned: string; refused: StaffActionError | null }) {
  const [body, setBody] = useState(refused?.typed?.body ?? initial);
  return (
    <section aria-labelledby="answer-title" className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h3 id="answer-title" className="text-base font-semibold text-gray-900">
        Answer the user
      </h3>
      <Form method="get" replace preventScrollReset className="flex items-end gap-2" aria-label="Canned answers">
        <SelectField
          id="canned"
          name="canned"
          label="Canned answer"
          className="grow"
          defaultValue={canned}
          onChange={(e) => {
            const c = cannedAnswer(e.currentTarget.value);
            if (c) setBody(c.body);
          }}
        >
          <option value="">Choose one to start from</option>
          {CANNED_ANSWERS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" size="sm" className="mb-5 js:hidden">
          Use
        </Button>
      </Form>
      <Form method="post" replace preventScrollReset className="flex flex-col gap-1" data-testid="staff-answer-form">
        <input type="hidden" name="id" value={id} />
        <TextAreaField
          id="answer-body"
          name="body"
          label="Answer"
          hint="The user reads this, and is told by notice and e-mail."
          required
          rows={5}
          maxLength={TICKET_MESSAGE_MAX}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={refused?.intent === "reply" ? refused.error : null}
        />
        <Button type="submit" name="intent" value="reply">
          Send answer
        </Button>
      </Form>
    </section>
  );
}

export default function StaffTicketPage() {
  const data = useLoaderData<typeof loader>();
  const t = data.ticket as StaffTicket;
  const answer = useActionData<StaffActionError>() ?? null;
  const closed = t.status === TicketStatus.Closed;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/staff/tickets" className="self-start text-sm font-medium text-brand-700 underline underline-offset-2">
        Tickets
      </Link>
      <header className="flex items-start justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-gray-900">
            Ticket {t.id} · {t.title}
          </h2>
          <p className="text-sm text-gray-700">
            From {t.userNickname} (#{t.userId}) · {ticketKindLabels[t.kind]}
            {t.itemUrl ? (
              <>
                {" "}
                <Link to={t.itemUrl} className="font-medium text-brand-700 underline underline-offset-2" data-testid="ticket-item-link">
                  {t.refId}
                </Link>
              </>
            ) : t.refId ? ` ${t.refId}` : ""}
          </p>
          <p className="text-sm text-gray-700" data-testid="ticket-assignee">
            {t.assigneeNickname ? `Assigned to ${t.assigneeNickname}` : "Not assigned"}
            {t.rating ? ` · rated: ${t.rating === "good" ? "it helped" : "it did not help"}` : ""}
          </p>
        </div>
        <TicketStatusBadge status={t.status} labels={ticketStaffStatusLabels} />
      </header>
      <TicketThread messages={t.messages} userName={t.userNickname} />
      {!closed ? <AnswerForm key={data.canned} id={t.id} initial={data.answer} canned={data.canned} refused={answer?.intent === "reply" ? answer : null} /> : null}
      <Form method="post" replace preventScrollReset className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-labelledby="note-title" data-testid="staff-note-form">
        <h3 id="note-title" className="text-base font-semibold text-gray-900">
          Internal note
        </h3>
        <TextAreaField
          id="note-body"
          name="body"
          label="Note"
          hint="Staff only: the user never sees it."
          required
          rows={3}
          maxLength={TICKET_MESSAGE_MAX}
          defaultValue={answer?.intent === "note" ? answer.typed?.body : undefined}
          error={answer?.intent === "note" ? answer.error : null}
        />
        <Button type="submit" name="intent" value="note" variant="secondary">
          Add note
        </Button>
      </Form>
      {!closed ? (
        <div className="grid gap-2 sm:grid-cols-2">
          <Form method="post" replace preventScrollReset className="flex flex-col gap-1">
            <Button type="submit" name="intent" value="assign" variant="secondary">
              Assign to me
            </Button>
            <FormError id="assign-error" errors={answer?.intent === "assign" ? [answer.error] : undefined} />
          </Form>
          <StaffForm intent="close" id={t.id} label="Close ticket" variant="danger" question={{ title: `Close ticket ${t.id}?`, describe: () => `${t.userNickname} is told and asked to rate it.`, confirmLabel: "Close" }} />
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
