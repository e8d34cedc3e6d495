import { z } from "zod";
import { defineCall, noBody, okEmpty } from "../define";
import { listOf } from "./common";

/** A session's id on the wire: opaque, never the token nor anything it can be made from (ADR 0058). */
export const SESSION_ID_LENGTH = 22;
export const sessionId = z
  .string({ required_error: "Choose a session.", invalid_type_error: "Choose a session." })
  .regex(new RegExp(`^[A-Za-z0-9_-]{${SESSION_ID_LENGTH}}$`), "Choose a session.");

/** One signed-in session of the caller's account, as the sessions page lists it. */
export const signedInSessionSchema = z.object({
  id: sessionId,
  /** The browser and system its User-Agent names ("Chrome on Android"), or "Unknown device". */
  device: z.string(),
  /** Where it was signed in from, as near as its address tells: "This computer", "Private network", a masked address; null when unknown. */
  place: z.string().nullable(),
  /** When it was signed in, and when it was last used (to within a few minutes), in ms. */
  firstSeen: z.number().int().nonnegative(),
  lastSeen: z.number().int().nonnegative(),
  /** The session this call was made with. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/** The account's signed-in sessions, and signing them out (backend/modules/sessions, ADR 0058). */
export const sessionCalls = {
  "/userSession/getSessionList": defineCall({
    path: "/userSession/getSessionList",
    auth: "user",
    request: noBody,
    response: listOf(signedInSessionSchema),
    doc: "Designed: the caller's live sessions (not signed out, not expired), this one first, then the most recently used.",
  }),
  "/userSession/signOutSession": defineCall({
    path: "/userSession/signOutSession",
    auth: "user",
    request: z.object({ id: sessionId }),
    response: okEmpty,
    doc: "Designed: signs out one other session of the caller's; its device is told why on its next call. Response: null.",
  }),
  "/userSession/signOutOtherSessions": defineCall({
    path: "/userSession/signOutOtherSessions",
    auth: "user",
    request: noBody,
    response: z.object({ count: z.number().int().nonnegative() }),
    doc: "Designed: signs out every session of the caller's but this one. Response: {count} signed out.",
  }),
};
