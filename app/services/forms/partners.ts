/**
 * The partner buttons (docs/product/statuses.md#relationship): Trust, Block and Cancel, each a small form with the
 * other user's id, posted to the page it sits on (/userInfo/{id}, /partnerList).
 */

export const PARTNER_INTENTS = ["trust", "block", "cancel"] as const;
export type PartnerIntent = (typeof PARTNER_INTENTS)[number];

/** The call behind each button. */
export const PARTNER_CALLS = {
  trust: "/userRelationship/addTrust",
  block: "/userRelationship/addBlock",
  cancel: "/userRelationship/cancelRelationship",
} as const satisfies Record<PartnerIntent, string>;
