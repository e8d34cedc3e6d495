import { z } from "zod";
import { defineCall } from "../define";
import { redemptionCode } from "../fields";

/** Redeeming a code, answered by backend/modules/redemption (codes as staff issue them: ./redemption-staff.ts; docs/decisions/0019-redemption-codes.md). */
export const redemptionCalls = {
  "/userRedemptionCode/confirmRedemptionCode": defineCall({
    path: "/userRedemptionCode/confirmRedemptionCode",
    auth: "user",
    request: z.object({ redemptionCode }),
    response: z.object({
      amount: z.number().int(),
      /** Designed addition: what was credited: "coins" (amount in hundredths) or "points" (base units ÷10000). */
      kind: z.enum(["coins", "points"]),
    }),
    doc: "Redeems a 10-character code once. Response designed: {amount, kind} credited.",
  }),
};
