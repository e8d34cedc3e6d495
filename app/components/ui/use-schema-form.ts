/**
 * The conform form of a page with one zod schema: validated in the browser (on blur, again on
 * input), the action's result (`actionData.result`) shown. Its own module, so pages without a
 * form never load zod.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

export function useSchemaForm<Schema extends z.ZodType<Record<string, any>, z.ZodTypeDef, Record<string, any>>>(
  id: string,
  schema: Schema,
  actionData: { result?: SubmissionResult<string[]> | null } | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: actionData?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
