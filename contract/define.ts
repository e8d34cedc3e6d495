import { z } from "zod";

/**
 * One call of the API: its path, what it accepts and what it answers.
 * `auth` says whether the caller must be signed in ("user"), must hold a role,
 * or may be anonymous: "optional", the handler sees the user when there is one; "none", it never
 * does (the caller's token is not even looked up: a signed-in page's catalog calls cost no query).
 * `upload` marks multipart calls.
 */
export type Auth = "none" | "optional" | "user" | "business" | "withdrawer" | "admin";

export interface CallDef<Req extends z.ZodTypeAny = z.ZodTypeAny, Res extends z.ZodTypeAny = z.ZodTypeAny> {
  path: string;
  auth: Auth;
  request: Req;
  response: Res;
  upload?: boolean;
  /** One line for the README / docs: what the call does. */
  doc?: string;
}

export function defineCall<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(def: CallDef<Req, Res>) {
  return def;
}

/** Body for calls that take no parameters: anything (or nothing) is accepted and ignored. */
export const noBody = z.object({}).passthrough().optional().default({});

/** Integer id as the spec sends it: JSON number, or a numeric string from a form. */
export const id = z.coerce
  .number({ invalid_type_error: "The id must be a number." })
  .int()
  .positive({ message: "The id must be a number." })
  // Beyond this no id exists, and a database would refuse the number (a 500, not a message).
  .max(Number.MAX_SAFE_INTEGER, { message: "The id must be a number." });

/** Cursor of "paged by the id of the last item": absent, null or 0 means the first page. */
export const lastId = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullish();

/** Millisecond timestamp filters (start/end) as the client sends them; empty means no filter. */
export const optionalTimestamp = z
  // "" and null are tried first: z.coerce.number() would turn them into 0.
  .union([z.literal(""), z.null(), z.coerce.number().int().nonnegative()])
  .optional()
  .transform((v) => (v === "" || v === null || v === undefined ? undefined : v));

/** Money in minor units (hundredths): always an integer. */
export const minor = z.number().int();

export const okEmpty = z.null();

export type RequestOf<C extends CallDef> = z.input<C["request"]>;
export type ParsedRequestOf<C extends CallDef> = z.output<C["request"]>;
export type ResponseOf<C extends CallDef> = z.infer<C["response"]>;
