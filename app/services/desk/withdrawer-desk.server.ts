/**
 * The withdrawer desk's settings form on the server (ADR 0037): what was typed ("535.5", "1,000")
 * into the contract's units, checked by the contract's own rules (withdrawerSettingsFields), so
 * the form and /merchant/withdrawer/updateSettings say the same thing.
 */
import { isSecondFactorRefusal } from "../../../contract/two-factor";
import { OTP_FIELD } from "../forms/two-factor";
import { SETTINGS_MESSAGES, withdrawerSettingsFields, type WithdrawerSettingsFields } from "../../../contract/calls/withdrawals-withdrawer";
import { hasTooManyDecimals, minorFromInput, rateFromInput, TWO_DECIMALS } from "~/services/money/format";
import { LIST_PAGE_SIZE } from "../../../contract/constants";
import { PICTURE_TOO_BIG, uploadPicture } from "~/services/forms/picture-upload.server";
import { UploadImageType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";
import type { DeskWithdrawal } from "../../../contract/calls/withdrawals-desks";
import type { Api } from "~/services/kit/caller.server";
import type { FeedPage } from "~/services/kit/feed";
import { missingRoute, requireDesk } from "~/services/kit/desk.server";
import { json, NO_STORE, type AppLoadContext } from "~/services/kit/http.server";
import { redirectWithToast } from "~/services/kit/api.server";
import { dispatchIntent, REQUEST_ERROR } from "~/services/kit/intents.server";
import { typedFields } from "~/services/kit/form.server";
import { deskWithdrawalPath, parseQueueTab, SETTINGS_FIELDS, type QueueTab, type SettingsErrors, type SettingsField, type SettingsValues } from "./withdrawer-desk";

export const RATE_DECIMALS = "Enter the rate with at most 4 decimals (for example 535.25).";

/** What was typed, checked by the contract's rules: the fields to send, or the message per field. */
export function parseSettings(v: SettingsValues): { ok: true; value: WithdrawerSettingsFields } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const coins = (name: "minTrade" | "maxTrade" | "remainBalance", message: string) => {
    if (hasTooManyDecimals(v[name])) errors[name] = TWO_DECIMALS;
    const n = minorFromInput(v[name]);
    if (n === null && !errors[name]) errors[name] = message;
    return n ?? -1;
  };
  const rate = rateFromInput(v.currencyRate);
  if (rate === null) errors.currencyRate = /\.\d{5,}$/.test(v.currencyRate.trim()) ? RATE_DECIMALS : SETTINGS_MESSAGES.rate;
  const typed = {
    status: v.status === "0" ? 0 : v.status === "1" ? 1 : -1,
    currencyRate: rate ?? -1,
    minTrade: coins("minTrade", SETTINGS_MESSAGES.minTrade),
    maxTrade: coins("maxTrade", SETTINGS_MESSAGES.maxTrade),
    remainBalance: coins("remainBalance", SETTINGS_MESSAGES.remain),
    tags: v.tags,
    description: v.description,
  };
  const parsed = withdrawerSettingsFields.safeParse(typed);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SettingsField;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** The fields of a posted form, as strings. */
export function settingsFromForm(form: FormData): SettingsValues {
  const get = (k: SettingsField) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  return Object.fromEntries(SETTINGS_FIELDS.map((k) => [k, get(k)])) as SettingsValues;
}

// ---------------------------------------------------------------- the queue


export const QUEUE_LOAD_ERROR = "Failed to load withdrawals";

const positive = (v: string | null) => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);
const queueQuery = (tab: QueueTab, phase: 0 | 1, lastId: number) => `?${new URLSearchParams({ status: tab, phase: String(phase), lastId: String(lastId) })}`;

/**
 * One page of the queue. A status tab is one list (Waiting and Processing oldest first, the
 * finished ones newest first). "Open" is Waiting then Processing, both oldest first: `phase` says
 * which of the two the cursor is in; the page that ends the Waiting ones goes on with Processing.
 */
export async function loadQueue(api: Api, url: URL): Promise<{ tab: QueueTab; lastId: number | null } & FeedPage<DeskWithdrawal>> {
  const tab = parseQueueTab(url.searchParams.get("status"));
  const lastId = positive(url.searchParams.get("lastId"));
  const list = async (status: number, after: number | null) => {
    const r = await api.call("/merchant/withdraw/list", { status, lastId: after ?? undefined, oldestFirst: status <= 1 });
    return r.ok ? r.data.list : null;
  };
  const fail = { tab, lastId, items: [], nextQuery: null, error: QUEUE_LOAD_ERROR };
  const full = (l: DeskWithdrawal[]) => l.length >= LIST_PAGE_SIZE;

  if (tab !== "open") {
    const items = await list(Number(tab), lastId);
    if (!items) return fail;
    return { tab, lastId, items, nextQuery: full(items) ? queueQuery(tab, 0, items.at(-1)!.id) : null, error: null };
  }
  const phase = url.searchParams.get("phase") === "1" ? 1 : 0;
  const waiting = phase === 0 ? await list(0, lastId) : [];
  if (!waiting) return fail;
  if (full(waiting)) return { tab, lastId, items: waiting, nextQuery: queueQuery(tab, 0, waiting.at(-1)!.id), error: null };
  const processing = await list(1, phase === 1 ? lastId : null);
  if (!processing) return fail;
  return { tab, lastId, items: [...waiting, ...processing], nextQuery: full(processing) ? queueQuery(tab, 1, processing.at(-1)!.id) : null, error: null };
}

// ---------------------------------------------------------------- one withdrawal's actions

export const DESK_INTENT = { process: "process", complete: "complete", cancel: "cancel" } as const;
export const PAID_REQUIRED = "Confirm that you have paid the seller.";
export const PICTURE_REQUIRED = "Please upload the payment picture.";
export { PICTURE_TOO_BIG };

export interface DeskActionError {
  intent: string;
  error: string;
  /** The text fields as she typed them (set by the action). */
  typed?: Record<string, string>;
}

/** The payment picture of the completion form: the stored path, or the message to show under the field. */
async function uploadProof(api: Api, file: FormDataEntryValue | null): Promise<{ path: string } | { error: string }> {
  if (!(file instanceof Blob) || file.size === 0) return { error: PICTURE_REQUIRED };
  return uploadPicture(api, file, UploadImageType.Payment);
}

/** The action of withdrawal `id`'s page: runs the posted intent, then 'Success' on the page, or what to show with a 400. */
export async function deskWithdrawalAction(api: Api, id: number, form: FormData) {
  // A refusal carries the text fields as typed: the cancel form comes back with its reason (ADR 0061).
  const failed = (error: DeskActionError) => json({ ...error, typed: typedFields(form) }, { status: 400, headers: NO_STORE });
  const settle = (intent: string, r: { ok: boolean; msg?: string }) =>
    r.ok ? redirectWithToast(api.session, deskWithdrawalPath(id), MESSAGES.success) : failed({ intent, error: r.msg || REQUEST_ERROR });
  return dispatchIntent(
    form,
    {
      [DESK_INTENT.process]: async (intent) => settle(intent, await api.call("/merchant/withdraw/process", { id })),
      [DESK_INTENT.cancel]: async (intent) => settle(intent, await api.call("/merchant/withdraw/cancel", { id, reason: String(form.get("reason") ?? "") })),
      [DESK_INTENT.complete]: async (intent) => {
        if (form.get("paid") !== "yes") return failed({ intent, error: PAID_REQUIRED });
        const proof = await uploadProof(api, form.get("payPicture"));
        if ("error" in proof) return failed({ intent, error: proof.error });
        return settle(intent, await api.call("/merchant/withdraw/complete", { id, payPicture: proof.path }));
      },
    },
    NO_STORE,
  );
}

// ---------------------------------------------------------------- the settings form's post

export interface SettingsReply {
  values: SettingsValues;
  errors: SettingsErrors;
  formError: string | null;
}

/** Saves the posted offer: null when saved, else the form again with its messages. */
export async function saveSettings(api: Api, form: FormData): Promise<SettingsReply | null> {
  const values = settingsFromForm(form);
  const id = positive(String(form.get("id") ?? ""));
  const seen = Number(form.get("seenRemainBalance"));
  if (!id || !Number.isSafeInteger(seen) || seen < 0) return { values, errors: {}, formError: "This form has expired. Please reload the page and try again." };
  const parsed = parseSettings(values);
  if (!parsed.ok) return { values, errors: parsed.errors, formError: null };
  const r = await api.call("/merchant/withdrawer/updateSettings", { id, seenRemainBalance: seen, ...parsed.value, otp: String(form.get(OTP_FIELD) ?? "") || undefined });
  if (r.ok) return null;
  // A refused two-factor code beside its field (ADR 0057), anything else above the form.
  return isSecondFactorRefusal(r.msg) ? { values, errors: { otp: r.msg }, formError: null } : { values, errors: {}, formError: r.msg };
}

/**
 * The action of a desk URL with nothing to post to (the queue, the picture): what an unknown
 * path answers (ADR 0034), after the desk check, so no one can tell these from missing routes.
 */
export async function nothingToPost({ request, context }: { request: Request; context: AppLoadContext }): Promise<Response> {
  await requireDesk(request, context, "withdrawer");
  return missingRoute();
}
