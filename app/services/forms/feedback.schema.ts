/**
 * The comment form's schema: positive or negative, 1-5 stars, a comment of at most 200
 * characters. Form values arrive as strings; the contract's field schemas (and their spec
 * messages) do the rest.
 */
import { z } from "zod";
import { feedbackContent, feedbackType, starLevel } from "../../../contract/fields";

const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

export const feedbackSchema = z.object({
  type: z.preprocess(toNumber, feedbackType),
  starLevel: z.preprocess(toNumber, starLevel),
  content: z.preprocess((v) => (v === undefined ? "" : v), feedbackContent),
});

export type FeedbackForm = z.output<typeof feedbackSchema>;
