/** Form schemas of the membership centre (spec §5): redeeming a point-mall item. */
import { z } from "zod";

export const EXCHANGE_INTENT = "exchange";
export const CHECK_IN_INTENT = "checkIn";

/** The item to redeem, from the confirm step's hidden field. */
export const exchangeSchema = z.object({ id: z.coerce.number().int().positive() });
