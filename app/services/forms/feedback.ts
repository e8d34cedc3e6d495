/**
 * The comment form of a completed order (docs/product/statuses.md, docs/product/validation.md): what the form renders. Its schema is in
 * ./feedback.schema.ts (zod, fetched when the form is first used).
 */
import { FEEDBACK_MAX, STAR_LEVEL_MAX, STAR_LEVEL_MIN } from "../../../contract/constants";
import { FeedbackType } from "../../../contract/enums";
import { MESSAGES } from "../../../contract/messages";

export { FEEDBACK_MAX, STAR_LEVEL_MAX, STAR_LEVEL_MIN, FeedbackType };

export const FEEDBACK_INTENT = "feedback";

export const FEEDBACK_MESSAGES = { type: MESSAGES.feedbackType, content: MESSAGES.feedbackContent } as const;
