import { z } from "zod";
import { defineCall, noBody, okEmpty } from "../define";
import { PUSH_BAD_SUBSCRIPTION, PUSH_KINDS } from "../push";

/** base64url of `bytes` bytes (a browser's subscription keys), unpadded as browsers give it. */
const base64url = (bytes: number) =>
  z
    .string({ required_error: PUSH_BAD_SUBSCRIPTION, invalid_type_error: PUSH_BAD_SUBSCRIPTION })
    .transform((v) => v.replace(/=+$/, ""))
    .refine((v) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`).test(v), PUSH_BAD_SUBSCRIPTION);

const settings = z.object(Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof PUSH_KINDS)[number], z.ZodBoolean>);

/** Web Push (backend/modules/push, ADR 0079). */
export const pushCalls = {
  "/push/getPublicKey": defineCall({
    path: "/push/getPublicKey",
    auth: "none",
    request: noBody,
    response: z.object({ publicKey: z.string() }),
    doc: "Designed (ADR 0079): the server's VAPID public key (base64url), for pushManager.subscribe.",
  }),
  "/push/subscribe": defineCall({
    path: "/push/subscribe",
    auth: "user",
    request: z.object({
      endpoint: z.string({ required_error: PUSH_BAD_SUBSCRIPTION }).url(PUSH_BAD_SUBSCRIPTION).max(2048, PUSH_BAD_SUBSCRIPTION),
      p256dh: base64url(65),
      auth: base64url(16),
    }),
    response: okEmpty,
    doc: "Designed (ADR 0079): stores this browser's push subscription {endpoint, p256dh, auth} for the caller (an endpoint another account held moves to the caller). Response: null.",
  }),
  "/push/unsubscribe": defineCall({
    path: "/push/unsubscribe",
    auth: "user",
    request: z.object({ endpoint: z.string({ required_error: PUSH_BAD_SUBSCRIPTION }).max(2048, PUSH_BAD_SUBSCRIPTION) }),
    response: okEmpty,
    doc: "Designed (ADR 0079): forgets one of the caller's push subscriptions by its endpoint (none of hers: nothing happens). Response: null.",
  }),
  "/push/getSettings": defineCall({
    path: "/push/getSettings",
    auth: "user",
    request: noBody,
    response: z.object({ settings, subscriptions: z.number().int().nonnegative() }),
    doc: "Designed (ADR 0079): which push kinds are on for the caller (order, chat, withdrawal, rateAlert, support), and how many browsers are subscribed.",
  }),
  "/push/setSettings": defineCall({
    path: "/push/setSettings",
    auth: "user",
    request: settings.partial(),
    response: okEmpty,
    doc: "Designed (ADR 0079): turns push kinds on or off for the caller; kinds not given stay as they are. Response: null.",
  }),
};
