import { z } from "zod";
import { id } from "../define";
import { requiredText } from "../fields";

/** Small building blocks shared by the call files. */

/** `{ list: T[] }`, the usual answer of list calls. */
export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ list: z.array(item) });

/** `{ id }` request body. */
export const byId = z.object({ id });

/** `{ id }` answer of calls that create something. */
export const created = z.object({ id: z.number().int().positive() });

/** Optional id filter: absent, null or 0 means "all". */
export const optionalId = z
  .number({ invalid_type_error: "The id must be a number." })
  .int()
  .nonnegative()
  .nullish()
  .transform((v) => (v ? v : undefined));

/**
 * Makes a field optional where forms send "" (or null) for "not given":
 * "", null and undefined become undefined, anything else must pass `schema`.
 */
export const blankable = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()) as unknown as z.ZodType<
    z.output<T> | undefined,
    z.ZodTypeDef,
    z.input<T> | "" | null | undefined
  >;

/** Refinement for bodies with start/end filters: start may not be after end. */
export function startBeforeEnd(v: { start?: number; end?: number }, ctx: z.RefinementCtx) {
  if (v.start !== undefined && v.end !== undefined && v.start > v.end)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end"], message: "The end date must not be before the start date." });
}

/** ISO currency code filter ("USD"); blank means all currencies. */
export const currencyFilter = blankable(
  z
    .string({ invalid_type_error: "Unknown currency." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,10}$/, "Unknown currency."),
);

/** A staff decision's reason: required, at most 200 characters. */
export const reason = requiredText(200, "Please give a reason.", "The reason has at most 200 characters.");

/** A list's status filter: absent or null means every status. */
export const statusFilter = <T extends z.ZodTypeAny>(schema: T) =>
  schema.nullish().transform((v) => (v === null ? undefined : v)) as z.ZodType<z.output<T> | undefined, z.ZodTypeDef, z.input<T> | null | undefined>;
