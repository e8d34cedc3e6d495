import { z } from "zod";

/**
 * The response envelope of docs/product/messages.md.
 * code 1: success, `data` (or `encrypt` when the server encrypts responses).
 * code 3: not logged in. Any other code: failure, `msg` says why; a failure carries `data` only
 * where its code says so (QUOTE_CHANGED).
 */
export const Code = {
  OK: 1,
  FAILED: 0,
  INVALID: 2,
  NOT_LOGGED_IN: 3,
  FORBIDDEN: 4,
  NOT_FOUND: 5,
  TOO_MANY: 6,
  CONFLICT: 7,
  /** The price a form showed no longer stands: `data` is a Requote (contract/quote.ts) to ask again with. */
  QUOTE_CHANGED: 8,
  INTERNAL: 9,
  NOT_IMPLEMENTED: 10,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const envelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().optional(),
  data: z.unknown().optional(),
  encrypt: z.string().optional(),
});
export type Envelope<T = unknown> =
  | { code: 1; msg?: string; data: T }
  | { code: 1; msg?: string; encrypt: string }
  | { code: number; msg: string; data?: unknown };
