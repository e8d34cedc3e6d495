import { parseWithZod } from "@conform-to/zod";
import { useCallback } from "react";
import { contactFieldNames, contactSchema, type LoginType } from "~/services/forms/auth";

/** What we need of conform's form metadata: its validate and update intents. */
export interface Validatable {
  validate: (options: { name: string }) => void;
  update: (options: { name: string; validated: boolean }) => void;
}

/**
 * For SendCodeButton's `validate`: checks only the contact (e-mail, or calling
 * code + mobile) and, when it is wrong, shows its errors under those fields.
 */
export function useContactValidator(form: Validatable, type: LoginType) {
  return useCallback(
    (el: HTMLFormElement) => {
      const submission = parseWithZod(new FormData(el), { schema: contactSchema });
      if (submission.status === "success") return true;
      for (const name of contactFieldNames(type)) form.validate({ name });
      return false;
    },
    [form, type],
  );
}
