/**
 * /rateAlerts on the web tier (docs/product/rate-alerts.md, ADR 0071): what the page loads, and its
 * four posts. The add form's typed values come back with a refusal, its message at the field.
 */
import { json, NO_STORE } from "~/services/kit/http.server";
import { redirectWithToast } from "~/services/kit/api.server";
import type { Api } from "~/services/kit/caller.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { minorFromInput } from "~/services/money/format";

export const HERE = "/rateAlerts";
export const INTENTS = { add: "add", pause: "pause", resume: "resume", delete: "delete" } as const;
export const LOAD_ERROR = "Failed to load your alerts";

/** The add form's fields, as typed. */
export type AlertFields = Record<"cardTypeId" | "currency" | "form" | "face" | "threshold", string>;
export type AlertFieldErrors = Partial<Record<keyof AlertFields | "form_", string>>;

const FIELD_WORDS = {
  cardTypeId: "Please choose the card type.",
  currency: "Please choose the currency.",
  form: "Please choose picture or e-code.",
  face: "Please enter the card face.",
  threshold: "Please enter the naira amount you want.",
} as const;

export async function loadRateAlerts(api: Api, url: URL) {
  const [alerts, cardTypes, currencies] = await Promise.all([api.call("/rateAlert/getRateAlerts"), api.call("/cardType/getCardType"), api.call("/currency/getCurrency")]);
  return json(
    {
      alerts: alerts.ok ? alerts.data.list : null,
      cardTypes: cardTypes.ok ? cardTypes.data.list.map((c) => ({ value: String(c.id), label: c.nameEn })) : [],
      currencies: currencies.ok ? currencies.data.list.map((c) => ({ value: c.currency, label: c.currency })) : [],
      // The offers page's link names its card type and currency.
      preset: { cardTypeId: url.searchParams.get("cardTypeId") ?? "", currency: url.searchParams.get("currency") ?? "" },
    },
    { headers: NO_STORE },
  );
}

/** The field a backend refusal of addRateAlert belongs beside ("form_": above the form). */
function fieldOf(msg: string): keyof AlertFieldErrors {
  const hit = (Object.entries(FIELD_WORDS) as [keyof AlertFields, string][]).find(([, words]) => words === msg);
  if (hit) return hit[0];
  if (msg === "This amount is too large.") return "threshold";
  return "form_";
}

async function add(api: Api, form: FormData) {
  const typed = Object.fromEntries((["cardTypeId", "currency", "form", "face", "threshold"] as const).map((k) => [k, String(form.get(k) ?? "").trim()])) as AlertFields;
  const refused = (errors: AlertFieldErrors) => json({ intent: INTENTS.add, typed, errors }, { status: 400, headers: NO_STORE });
  const face = minorFromInput(typed.face);
  const threshold = minorFromInput(typed.threshold);
  const errors: AlertFieldErrors = {};
  if (!/^\d+$/.test(typed.cardTypeId)) errors.cardTypeId = FIELD_WORDS.cardTypeId;
  if (!typed.currency) errors.currency = FIELD_WORDS.currency;
  if (typed.form !== "0" && typed.form !== "1") errors.form = FIELD_WORDS.form;
  if (!face) errors.face = FIELD_WORDS.face;
  if (!threshold) errors.threshold = FIELD_WORDS.threshold;
  if (Object.keys(errors).length > 0) return refused(errors);
  const r = await api.call("/rateAlert/addRateAlert", { cardTypeId: Number(typed.cardTypeId), currency: typed.currency, form: Number(typed.form) as 0 | 1, face: face!, threshold: threshold! });
  if (!r.ok) return refused({ [fieldOf(r.msg)]: r.msg });
  return redirectWithToast(api.session, HERE, "Alert added. We will tell you when the card pays that much.");
}

export async function rateAlertAction(api: Api, form: FormData) {
  const id = String(form.get("id") ?? "");
  const refused = (intent: string, error: string) => json({ intent, id, error }, { status: 400, headers: NO_STORE });
  const onAlert = async (intent: string, call: () => Promise<{ ok: boolean; msg?: string }>, done: string) => {
    const r = await call();
    return r.ok ? redirectWithToast(api.session, HERE, done) : refused(intent, r.msg ?? "Request error");
  };
  return dispatchIntent(
    form,
    {
      [INTENTS.add]: () => add(api, form),
      [INTENTS.pause]: (i) => onAlert(i, () => api.call("/rateAlert/setRateAlertActive", { id: Number(id), active: false }), "Alert paused."),
      [INTENTS.resume]: (i) => onAlert(i, () => api.call("/rateAlert/setRateAlertActive", { id: Number(id), active: true }), "Alert resumed."),
      [INTENTS.delete]: (i) => onAlert(i, () => api.call("/rateAlert/deleteRateAlert", { id: Number(id) }), "Alert deleted."),
    },
    NO_STORE,
  );
}

