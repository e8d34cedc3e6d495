/**
 * The parts of the support pages (ADR 0078): the new-ticket form, a thread of messages (hers, staff's
 * answers, and on the staff desk the notes marked "Internal"), her reply form and the one-tap rating.
 * Every form posts (multipart where it carries pictures) and works without JavaScript.
 */
import { Link } from "@remix-run/react";
import type { TicketItem, TicketMessage, TicketStatus, TicketSummary } from "../../../contract/support";
import { TICKET_KINDS, TICKET_MESSAGE_MAX, TICKET_PICTURES_MAX, TICKET_TITLE_MAX, ticketKindLabels, ticketStatusLabels, TicketStatus as S } from "../../../contract/support";
import { Button, DateTime, Field, FormError, SelectField, StatusBadge, TextAreaField, cx, type BadgeTone } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { CLOSE_INTENT, NEW_TICKET_INTENT, REPLY_INTENT, TICKET_FIELDS as F, type TicketField, type TicketRefusal } from "~/services/support/fields";

const TONE: Record<TicketStatus, BadgeTone> = { 0: "wait", 1: "brand", 2: "neutral" };

export function TicketStatusBadge({ status, labels = ticketStatusLabels }: { status: TicketStatus; labels?: Record<TicketStatus, string> }) {
  return <StatusBadge tone={TONE[status]}>{labels[status]}</StatusBadge>;
}

const errorAt = (refused: TicketRefusal | null, field: TicketField | null) => (refused && refused.field === field ? refused.error : null);

function PicturesField({ id, refused }: { id: string; refused: TicketRefusal | null }) {
  return (
    <Field
      id={id}
      name={F.pictures}
      type="file"
      multiple
      accept="image/jpeg,image/png,image/gif,image/bmp"
      label="Pictures (optional)"
      hint={`Up to ${TICKET_PICTURES_MAX}: a screenshot, the card, a receipt. Only you and our support staff see them.`}
      error={errorAt(refused, F.pictures)}
    />
  );
}

export interface NewTicketPreset {
  kind?: string;
  refId?: string;
}

/** "New ticket": what it is about (a recent item, or a number she types), a title, her message and pictures. */
export function NewTicketForm({ recent, preset, refused }: { recent: TicketItem[]; preset: NewTicketPreset; refused: TicketRefusal | null }) {
  const typed = refused?.typed ?? {};
  const presetItem = preset.kind && preset.refId && recent.some((r) => r.kind === preset.kind && String(r.id) === preset.refId) ? `${preset.kind}:${preset.refId}` : "";
  const refIdDefault = typed[F.refId] ?? (presetItem ? "" : (preset.refId ?? ""));
  return (
    <Form method="post" encType="multipart/form-data" replace className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-labelledby="new-ticket-title" data-testid="new-ticket-form">
      <h2 id="new-ticket-title" className="mb-2 text-base font-semibold text-gray-900">
        New ticket
      </h2>
      <input type="hidden" name="intent" value={NEW_TICKET_INTENT} />
      <SelectField
        id="ticket-kind"
        name={F.kind}
        label="It is about"
        defaultValue={typed[F.kind] ?? preset.kind ?? "order"}
        options={TICKET_KINDS.map((k) => ({ value: k, label: ticketKindLabels[k] }))}
        error={errorAt(refused, F.kind)}
      />
      {recent.length > 0 ? (
        <SelectField id="ticket-item" name={F.item} label="Which one" hint="Your recent orders, withdrawals and transfers." defaultValue={typed[F.item] ?? presetItem}>
          <option value="">Choose, or type its number below</option>
          {recent.map((r) => (
            <option key={`${r.kind}:${r.id}`} value={`${r.kind}:${r.id}`}>
              {r.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Field id="ticket-ref" name={F.refId} label="Its number" inputMode="numeric" hint="The order, withdrawal or transfer number. Not needed for your account." defaultValue={refIdDefault} error={errorAt(refused, F.refId)} />
      <Field id="ticket-title" name={F.title} label="Title" required maxLength={TICKET_TITLE_MAX} defaultValue={typed[F.title]} hint="In a few words. Never write a card code here." error={errorAt(refused, F.title)} />
      <TextAreaField id="ticket-body" name={F.body} label="Message" required rows={4} maxLength={TICKET_MESSAGE_MAX} defaultValue={typed[F.body]} error={errorAt(refused, F.body)} />
      <PicturesField id="ticket-pictures" refused={refused} />
      <FormError id="new-ticket-error" errors={errorAt(refused, null) ? [errorAt(refused, null)!] : undefined} />
      <Button type="submit" fullWidth>
        Send ticket
      </Button>
    </Form>
  );
}

/** One of her tickets in the list. */
export function TicketRow({ t }: { t: TicketSummary }) {
  return (
    <Link to={`/support/${t.id}`} className="flex flex-col gap-1 rounded-xl bg-white p-4 no-underline shadow-sm ring-1 ring-gray-200 hover:ring-brand-600" data-testid={`ticket-${t.id}`}>
      <span className="flex items-center justify-between gap-2">
        <span className="font-semibold text-gray-900">{t.title}</span>
        <TicketStatusBadge status={t.status} />
      </span>
      <span className="text-sm text-gray-600">
        Ticket {t.id} · {ticketKindLabels[t.kind]}
        {t.refId ? ` ${t.refId}` : ""} · <DateTime ms={t.updatedAt} />
      </span>
    </Link>
  );
}

/** The thread, oldest first. `you`: her own messages read "You"; on the desk they read the user's name. */
export function TicketThread({ messages, userName }: { messages: TicketMessage[]; userName: string }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((m) => (
        <li
          key={m.id}
          className={cx(
            "rounded-xl p-3 ring-1",
            m.internal ? "bg-amber-50 ring-amber-300" : m.author === "staff" ? "bg-brand-50 ring-brand-200" : "bg-white ring-gray-200",
          )}
          data-testid={m.internal ? "ticket-note" : `ticket-message-${m.author}`}
        >
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <span className="font-semibold text-gray-900">{m.author === "staff" ? `Support${m.authorName ? ` (${m.authorName})` : ""}` : userName}</span>
            {m.internal ? <StatusBadge tone="wait">Internal</StatusBadge> : null}
            <DateTime ms={m.createdAt} />
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{m.body}</p>
          {m.pictures.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {m.pictures.map((src, i) => (
                <li key={src}>
                  <a href={src} target="_blank" rel="noreferrer" className="block rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
                    <img src={src} alt={`Picture ${i + 1}`} className="h-20 w-20 rounded object-cover ring-1 ring-gray-200" loading="lazy" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Her reply: a message and pictures; an answered ticket opens again. */
export function ReplyForm({ refused }: { refused: TicketRefusal | null }) {
  const mine = refused?.intent === REPLY_INTENT ? refused : null;
  return (
    <Form method="post" encType="multipart/form-data" replace preventScrollReset className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-label="Reply" data-testid="ticket-reply-form">
      <input type="hidden" name="intent" value={REPLY_INTENT} />
      <TextAreaField id="reply-body" name={F.body} label="Your reply" required rows={3} maxLength={TICKET_MESSAGE_MAX} defaultValue={mine?.typed[F.body]} error={errorAt(mine, F.body)} />
      <PicturesField id="reply-pictures" refused={mine} />
      <FormError id="reply-error" errors={errorAt(mine, null) ? [errorAt(mine, null)!] : undefined} />
      <Button type="submit" variant="secondary" fullWidth>
        Send reply
      </Button>
    </Form>
  );
}

/** One tap: it helped, or it did not; the tap closes her ticket (or rates the one staff closed). */
export function RatingForm({ status, refused }: { status: TicketStatus; refused: TicketRefusal | null }) {
  const mine = refused?.intent === CLOSE_INTENT ? refused : null;
  const closing = status !== S.Closed;
  return (
    <Form method="post" replace preventScrollReset className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-labelledby="rate-title" data-testid="ticket-rating-form">
      <h2 id="rate-title" className="text-base font-semibold text-gray-900">
        {closing ? "Solved? Close the ticket" : "How did we do?"}
      </h2>
      <p className="text-sm text-gray-600">{closing ? "One tap closes it and tells us how we did." : "Support closed this ticket. One tap tells us how we did."}</p>
      <input type="hidden" name="intent" value={CLOSE_INTENT} />
      <div className="grid grid-cols-2 gap-2">
        <Button type="submit" name={F.rating} value="good" variant="secondary">
          Yes, it helped
        </Button>
        <Button type="submit" name={F.rating} value="bad" variant="secondary">
          No, it did not help
        </Button>
      </div>
      <FormError id="rate-error" errors={mine ? [mine.error] : undefined} />
    </Form>
  );
}
