/**
 * The comment form of a completed order (spec §4, §5): positive or negative,
 * 1-5 stars, a comment of at most 200 characters. Form values arrive as
 * strings; the contract's field schemas (and their spec messages) do the rest.
 */
import { z } from "zod";
import { FEEDBACK_MAX, STAR_LEVEL_MAX, STAR_LEVEL_MIN } from "../../../contract/constants";
import { FeedbackType } from "../../../contract/enums";
import { MESSAGES, feedbackContent, feedbackType, starLevel } from "../../../contract/fields";

export { FEEDBACK_MAX, STAR_LEVEL_MAX, STAR_LEVEL_MIN, FeedbackType };

export const FEEDBACK_INTENT = "feedback";

const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

export const feedbackSchema = z.object({
  type: z.preprocess(toNumber, feedbackType),
  starLevel: z.preprocess(toNumber, starLevel),
  content: z.preprocess((v) => (v === undefined ? "" : v), feedbackContent),
});

export type FeedbackForm = z.output<typeof feedbackSchema>;

export const FEEDBACK_MESSAGES = { type: MESSAGES.feedbackType, content: MESSAGES.feedbackContent } as const;
