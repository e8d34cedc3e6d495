import { z } from "zod";
import { defineCall, id, okEmpty } from "../define";
import { advertCardTypeSchema } from "../enum-schemas";
import { byId, created, listOf } from "./common";

/** A seller's rate alert as its page shows it (ADR 0071). */
export const rateAlertSchema = z.object({
  id: z.number().int().positive(),
  cardTypeId: z.number().int().positive(),
  cardTypeName: z.string(),
  currency: z.string(),
  /** 0 picture, 1 e-code. */
  form: advertCardTypeSchema,
  /** Card face, hundredths of the currency. */
  face: z.number().int().positive(),
  /** Kobo she wants at least. */
  threshold: z.number().int().positive(),
  active: z.boolean(),
  /** When it last fired (ms), null when it has not since it was added or re-armed by a fall. */
  firedAt: z.number().int().nullable(),
  /** Kobo the card pays now (null: no open offer buys it); what the alert compares. */
  paysNow: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type RateAlert = z.infer<typeof rateAlertSchema>;

const FACE = "Please enter the card face.";
const THRESHOLD = "Please enter the naira amount you want.";
/** Hundredths, up to what a database number and the money formulas take exactly. */
const positiveMinor = (message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).positive(message).max(100_000_000_000, "This amount is too large.");

/** Rate alerts (the rate-alerts module). */
export const rateAlertCalls = {
  "/rateAlert/getRateAlerts": defineCall({
    path: "/rateAlert/getRateAlerts",
    auth: "user",
    request: z.object({}).passthrough().optional().default({}),
    response: listOf(rateAlertSchema),
    doc: "Designed (ADR 0071): the caller's rate alerts, newest first, with what each card pays now.",
  }),
  "/rateAlert/addRateAlert": defineCall({
    path: "/rateAlert/addRateAlert",
    auth: "user",
    request: z.object({
      cardTypeId: id,
      currency: z.string({ required_error: "Please choose the currency." }).trim().toUpperCase().regex(/^[A-Z]{2,10}$/, "Please choose the currency."),
      form: advertCardTypeSchema,
      face: positiveMinor(FACE),
      threshold: positiveMinor(THRESHOLD),
    }),
    response: created,
    doc: "Designed (ADR 0071): adds an alert (at most 10 per user); it is evaluated at once. Returns its id.",
  }),
  "/rateAlert/setRateAlertActive": defineCall({
    path: "/rateAlert/setRateAlertActive",
    auth: "user",
    request: z.object({ id, active: z.boolean({ invalid_type_error: "Pause or resume?" }) }),
    response: okEmpty,
    doc: "Designed (ADR 0071): pauses or resumes one of the caller's alerts; resuming re-arms it. Response: null.",
  }),
  "/rateAlert/deleteRateAlert": defineCall({
    path: "/rateAlert/deleteRateAlert",
    auth: "user",
    request: byId,
    response: okEmpty,
    doc: "Designed (ADR 0071): deletes one of the caller's alerts. Response: null.",
  }),
};
