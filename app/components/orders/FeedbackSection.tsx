/**
 * The comment of a completed order (docs/product/statuses.md): the seller comments once
 * (positive or negative, 1-5 stars, at most 200 characters), afterwards it is
 * read-only. The form posts to the page's action (intent "feedback") and works
 * without JavaScript; the stars are radios styled with CSS only.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import type { Feedback } from "../../../contract/entities";
import { cx } from "~/components/ui/cx";
import { ErrorLine, FormError, fieldProps } from "~/components/ui/FormParts";
import { Button, DateTime, DetailPanel, StatusBadge, TextAreaField } from "~/components/ui";
import { FEEDBACK_INTENT, FEEDBACK_MAX, FeedbackType, STAR_LEVEL_MAX } from "~/services/forms/feedback";
import { schemaValidation, useOnFirstUse } from "~/components/ui/use-schema-form";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";
import { ThumbDownIcon, ThumbUpIcon } from "~/components/ui/Icon";

function Star({ filled, className }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cx("h-6 w-6", className)} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={1.6}>
      <path strokeLinejoin="round" d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  );
}

export function Stars({ level, className }: { level: number; className?: string }) {
  return (
    <span className={cx("inline-flex text-wait-500", className)} role="img" aria-label={`${level} of ${STAR_LEVEL_MAX} stars`}>
      {Array.from({ length: STAR_LEVEL_MAX }, (_, i) => (
        <Star key={i} filled={i < level} className="h-5 w-5" />
      ))}
    </span>
  );
}

/** The Comment panel: her comment once made, the form while she may comment, nothing before. */
export function FeedbackPanel({
  orderId,
  feedback,
  canComment,
  lastResult,
}: {
  orderId: number;
  feedback: Feedback | null;
  canComment: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  if (!feedback && !canComment) return null;
  return (
    <DetailPanel title="Comment" labelId="comment">
      {feedback ? <FeedbackView feedback={feedback} /> : <FeedbackForm orderId={orderId} lastResult={lastResult} />}
    </DetailPanel>
  );
}

export function FeedbackView({ feedback: f }: { feedback: Feedback }) {
  return (
    <div data-testid="feedback-view">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={f.type === FeedbackType.Positive ? "success" : "danger"}>
          {f.type === FeedbackType.Positive ? "Positive" : "Negative"}
        </StatusBadge>
        <Stars level={f.starLevel} />
        <span className="num text-sm font-medium text-gray-700" aria-hidden="true">
          {f.starLevel}/{STAR_LEVEL_MAX}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm text-gray-900">{f.content}</p>
      <p className="mt-1 text-xs text-gray-600">
        <DateTime ms={f.feedbackTime} />
      </p>
    </div>
  );
}

const choice =
  "flex h-11 cursor-pointer select-none items-center justify-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 " +
  "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600";

const FEEDBACK_CHOICES = [
  { type: FeedbackType.Positive, icon: ThumbUpIcon, label: "Positive", checked: "peer-checked:border-money-in-700 peer-checked:bg-money-in-700 peer-checked:text-white" },
  { type: FeedbackType.Negative, icon: ThumbDownIcon, label: "Negative", checked: "peer-checked:border-money-out-700 peer-checked:bg-money-out-700 peer-checked:text-white" },
] as const;

export function FeedbackForm({ orderId, lastResult }: { orderId: number; lastResult?: SubmissionResult<string[]> | null }) {
  const busy = usePosting(FEEDBACK_INTENT);
  const id = `feedback-${orderId}`;
  const schemas = useOnFirstUse(id, () => import("~/services/forms/feedback.schema"));
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: { starLevel: String(STAR_LEVEL_MAX) },
    ...schemaValidation(schemas?.value.feedbackSchema, schemas?.parseWithZod, "onSubmit"),
  });
  const initialType = typeof fields.type.initialValue === "string" ? fields.type.initialValue : "";
  const initialStars = Number(fields.starLevel.initialValue) || STAR_LEVEL_MAX;
  const [length, setLength] = useState(typeof fields.content.initialValue === "string" ? fields.content.initialValue.length : 0);

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate data-testid="feedback-form">
      <input type="hidden" name="intent" value={FEEDBACK_INTENT} />
      <fieldset aria-describedby={fields.type.errorId}>
        <legend className="mb-1 text-sm font-medium text-gray-900">Your feedback</legend>
        <div className="grid grid-cols-2 gap-2">
          {FEEDBACK_CHOICES.map((c) => (
            <label key={c.type}>
              <input type="radio" name={fields.type.name} value={c.type} defaultChecked={initialType === String(c.type)} className="peer sr-only" />
              <span className={cx(choice, c.checked)}>
                <c.icon className="h-5 w-5" /> {c.label}
              </span>
            </label>
          ))}
        </div>
        <ErrorLine id={fields.type.errorId} errors={fields.type.errors} />
      </fieldset>

      <fieldset aria-describedby={fields.starLevel.errorId} className="mb-1">
        <legend className="mb-1 text-sm font-medium text-gray-900">Rating</legend>
        {/* Reversed DOM order, shown left to right: a checked star lights itself and the ones before it (CSS only). */}
        <div className="flex flex-row-reverse justify-end gap-1">
          {Array.from({ length: STAR_LEVEL_MAX }, (_, k) => STAR_LEVEL_MAX - k).map((n) => (
            <StarRadio key={n} n={n} name={fields.starLevel.name} checked={initialStars === n} />
          ))}
        </div>
        <ErrorLine id={fields.starLevel.errorId} errors={fields.starLevel.errors} />
      </fieldset>

      <TextAreaField
        key={fields.content.key}
        {...fieldProps(fields.content)}
        label="Comment"
        rows={3}
        maxLength={FEEDBACK_MAX}
        onInput={(e) => setLength(e.currentTarget.value.length)}
        hint={
          <span className="num">
            {length}/{FEEDBACK_MAX}
          </span>
        }
      />
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" fullWidth busy={busy}>
        Submit
      </Button>
    </Form>
  );
}

/** One star radio; its label is lit when it or a higher star (an earlier sibling) is checked. */
function StarRadio({ n, name, checked }: { n: number; name: string; checked: boolean }) {
  const id = `${name}-${n}`;
  return (
    <>
      <input id={id} type="radio" name={name} value={n} defaultChecked={checked} className="peer sr-only" />
      <label
        htmlFor={id}
        className={cx(
          "cursor-pointer rounded p-0.5 text-gray-300 peer-checked:text-wait-500",
          "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600",
        )}
      >
        <Star filled className="h-8 w-8" />
        <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
      </label>
    </>
  );
}
