/**
 * The staff desk's server side (ADR 0035): every loader and action starts with requireDesk(…,
 * "staff"); an action reads its form once, runs the one call its `intent` names and answers a
 * toast and a redirect, or the backend's message with a 400 for the page to show beside the form.
 */
import type { Api, ApiResult } from "~/services/kit/caller.server";
import { redirectWithToast } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm, typedFields } from "~/services/kit/form.server";
import { json, type AppLoadContext } from "~/services/kit/http.server";
import { dispatchIntent } from "~/services/kit/intents.server";

export const staffApi = (request: Request, context: AppLoadContext) => requireDesk(request, context, "staff");

/** What a staff action answers when its call is refused, or when it asks first. */
export interface StaffActionError {
  intent: string;
  /** The id of the row the form was about (several forms on one page). */
  id: string;
  error: string;
  /** Set when the post was not confirmed yet: the form's other fields, to post again with confirmed=1. */
  ask?: Record<string, string>;
  /** Set with a refusal: what was typed, for the form to show again (a reason is not lost to a refusal). */
  typed?: Record<string, string>;
}

/** The fields a staff form posts besides what it typed (and its intent). */
const FORM_KEYS = ["id", "confirmed"];

type Intents = Record<string, (form: FormData, api: Api) => Promise<ApiResult<unknown>>>;

/** The fields a person typed into a staff form (not its intent, id, confirmation or token). */
const staffTyped = (form: FormData) => typedFields(form, FORM_KEYS);

/** The field as the call expects it: text, or a number when it looks like one (ids, prices). */
export const field = (form: FormData, name: string) => String(form.get(name) ?? "");
export const numberField = (form: FormData, name: string) => {
  const v = field(form, name).trim();
  return v !== "" && /^\d+$/.test(v) ? Number(v) : v;
};

export async function staffAction(request: Request, context: AppLoadContext, backTo: (form: FormData) => string, intents: Intents) {
  const api = await staffApi(request, context);
  return runIntent(api, await readForm(request), backTo, intents);
}

/**
 * One staff decision, as an intent's handler: asked first, then its call, then a toast and a redirect,
 * or its refusal with a 400. Every staff decision moves money or ends something (docs/product/look.md):
 * a post without confirmed=1 is answered with the question (with JavaScript the dialog asked already and sends it).
 */
export const staffDecision = (api: Api, form: FormData, backTo: (form: FormData) => string, run: Intents[string]) => async (intent: string) => {
  if (field(form, "confirmed") !== "1") return json<StaffActionError>({ intent, id: field(form, "id"), error: "", ask: staffTyped(form) });
  const result = await run(form, api);
  if (!result.ok) return json<StaffActionError>({ intent, id: field(form, "id"), error: result.msg, typed: staffTyped(form) }, { status: 400 });
  return redirectWithToast(api.session, backTo(form), "Success");
};

/** The staff decision the form's `intent` names (the kit's 400 for any other). */
export async function runIntent(api: Api, form: FormData, backTo: (form: FormData) => string, intents: Intents) {
  return dispatchIntent(form, Object.fromEntries(Object.entries(intents).map(([intent, run]) => [intent, staffDecision(api, form, backTo, run)])));
}

/** A keyset page: the items and the cursor of the next one (null at the end). */
export function staffPage<T>(result: ApiResult<{ list: T[] }>, cursor: (item: T) => number, size = 20) {
  if (!result.ok) return { items: [] as T[], next: null, error: result.msg };
  const list = result.data.list;
  return { items: list, next: list.length >= size ? cursor(list[list.length - 1]!) : null, error: null };
}

/** lastId from the query string (absent or not a positive integer: the first page). */
export function lastIdOf(request: Request): number | undefined {
  const v = Number(new URL(request.url).searchParams.get("lastId"));
  return Number.isSafeInteger(v) && v > 0 ? v : undefined;
}
