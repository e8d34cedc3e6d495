/**
 * /support on the web tier (ADR 0078): what her pages load and what their forms post. A message's
 * pictures go up first (type "support", the same upload as evidence), then the call; a refusal
 * comes back with what she typed and the message at its field.
 */
import { UploadImageType } from "../../../contract/enums";
import { TICKET_MESSAGES, TICKET_MESSAGE_MAX, TICKET_PICTURES_MAX, TICKET_KINDS, type TicketKind } from "../../../contract/support";
import type { Api, ApiResult } from "~/services/kit/caller.server";
import { uploadPicture } from "~/services/forms/picture-upload.server";
import { TICKET_FIELDS as F, type TicketField, type TicketRefusal } from "./fields";

/** Which field a refusal of the backend belongs at; anything else shows above the button. */
const FIELD_OF: Record<string, TicketField> = {
  [TICKET_MESSAGES.kind]: F.kind,
  [TICKET_MESSAGES.refMissing]: F.refId,
  [TICKET_MESSAGES.refNotYours]: F.refId,
  [TICKET_MESSAGES.titleEmpty]: F.title,
  [TICKET_MESSAGES.titleTooLong]: F.title,
  [TICKET_MESSAGES.empty]: F.body,
  [TICKET_MESSAGES.tooLong]: F.body,
  [TICKET_MESSAGES.tooManyPictures]: F.pictures,
  [TICKET_MESSAGES.pictureUnknown]: F.pictures,
  [TICKET_MESSAGES.tooManyOpen]: F.title,
};

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Uploads the message's pictures; their paths, or the refusal. */
async function picturesOf(api: Api, form: FormData, refuse: (error: string, field: TicketField | null) => TicketRefusal): Promise<string[] | TicketRefusal> {
  const files = form.getAll(F.pictures).filter((f): f is File => f instanceof Blob && f.size > 0);
  if (files.length > TICKET_PICTURES_MAX) return refuse(TICKET_MESSAGES.tooManyPictures, F.pictures);
  if (text(form, F.body).trim().length > TICKET_MESSAGE_MAX) return refuse(TICKET_MESSAGES.tooLong, F.body);
  const paths: string[] = [];
  for (const file of files) {
    const up = await uploadPicture(api, file, UploadImageType.Support);
    if ("error" in up) return refuse(up.error, F.pictures);
    paths.push(up.path);
  }
  return paths;
}

const refusal = (intent: string, typed: Record<string, string>) => (error: string, field: TicketField | null): TicketRefusal => ({ intent, error, field, typed });
const answered = (r: ApiResult<unknown>, refuse: ReturnType<typeof refusal>) => (r.ok ? null : refuse(r.msg, FIELD_OF[r.msg] ?? null));

/** What the ticket is about: a number she typed (with the kind chosen), else the recent item she picked ("order:12"), else the kind alone. */
export function itemOf(form: FormData): { kind: string; refId: number | null } {
  const typed = text(form, F.refId).trim().replace(/^#/, "");
  if (typed) return { kind: text(form, F.kind), refId: /^\d{1,15}$/.test(typed) ? Number(typed) : Number.NaN };
  const [kind, id] = text(form, F.item).split(":");
  if (kind && id) return { kind, refId: Number(id) };
  return { kind: text(form, F.kind), refId: null };
}

/** The new-ticket form: its id when opened, else what the form shows. */
export async function postNewTicket(api: Api, form: FormData, intent: string): Promise<{ id: number } | TicketRefusal> {
  const typed = { [F.kind]: text(form, F.kind), [F.item]: text(form, F.item), [F.refId]: text(form, F.refId), [F.title]: text(form, F.title), [F.body]: text(form, F.body) };
  const refuse = refusal(intent, typed);
  const { kind, refId } = itemOf(form);
  if (!TICKET_KINDS.includes(kind as TicketKind)) return refuse(TICKET_MESSAGES.kind, F.kind);
  if (kind !== "account" && refId === null) return refuse(TICKET_MESSAGES.refMissing, F.refId);
  if (kind !== "account" && !Number.isSafeInteger(refId)) return refuse(TICKET_MESSAGES.refNotYours, F.refId);
  const pictures = await picturesOf(api, form, refuse);
  if (!Array.isArray(pictures)) return pictures;
  const r = await api.call("/support/create", { kind: kind as TicketKind, refId: kind === "account" ? null : refId, title: typed.title, body: typed.body, pictures });
  return r.ok ? { id: r.data.id } : answered(r, refuse)!;
}

/** Her reply: null when added, else what the form shows. */
export async function postReply(api: Api, form: FormData, id: number, intent: string): Promise<TicketRefusal | null> {
  const refuse = refusal(intent, { [F.body]: text(form, F.body) });
  const pictures = await picturesOf(api, form, refuse);
  if (!Array.isArray(pictures)) return pictures;
  return answered(await api.call("/support/reply", { id, body: text(form, F.body), pictures }), refuse);
}

/** Close with her one-tap rating (or rate one staff closed). */
export async function postClose(api: Api, form: FormData, id: number, intent: string): Promise<TicketRefusal | null> {
  const rating = text(form, F.rating);
  return answered(await api.call("/support/close", { id, rating: rating as "good" | "bad" }), refusal(intent, {}));
}
