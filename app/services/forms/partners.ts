/**
 * The partner buttons (spec §4 relationship): Trust, Block and Cancel, each a small form with the
 * other user's id, posted to the page it sits on (/userInfo/{id}, /partnerList).
 */
import { z } from "zod";

export const PARTNER_INTENTS = ["trust", "block", "cancel"] as const;
export type PartnerIntent = (typeof PARTNER_INTENTS)[number];

const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

export const partnerSchema = z.object({
  intent: z.enum(PARTNER_INTENTS, { errorMap: () => ({ message: "Request error" }) }),
  toUser: z.preprocess(toNumber, z.number({ invalid_type_error: "Request error", required_error: "Request error" }).int().positive("Request error")),
});

/** The call behind each button. */
export const PARTNER_CALLS = {
  trust: "/userRelationship/addTrust",
  block: "/userRelationship/addBlock",
  cancel: "/userRelationship/cancelRelationship",
} as const satisfies Record<PartnerIntent, string>;
