/** The schema of the trust / block / cancel forms (the intents are in ./partners.ts). */
import { z } from "zod";
import { PARTNER_INTENTS } from "./partners";

const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

export const partnerSchema = z.object({
  intent: z.enum(PARTNER_INTENTS, { errorMap: () => ({ message: "Request error" }) }),
  toUser: z.preprocess(toNumber, z.number({ invalid_type_error: "Request error", required_error: "Request error" }).int().positive("Request error")),
});
