/** Form schemas of the membership centre (docs/product/validation.md): redeeming a point-mall item. */
import { z } from "zod";

/** The item to redeem, from the confirm step's hidden field. */
export const exchangeSchema = z.object({ id: z.coerce.number().int().positive() });
