import { useCallback } from "react";
import { conformZod } from "~/components/ui/use-schema-form";
import { lazyModule } from "~/components/ui/lazy";
import { contactFieldNames, type LoginType } from "~/services/forms/auth";

/** What we need of conform's form metadata: its validate and update intents. */
export interface Validatable {
  validate: (options: { name: string }) => void;
  update: (options: { name: string; validated: boolean }) => void;
}

const authSchemas = lazyModule(() => import("~/services/forms/auth.schema"));

/**
 * For SendCodeButton's `validate`: checks only the contact (e-mail, or calling
 * code + mobile) and, when it is wrong, shows its errors under those fields.
 * Before the schemas have arrived (fetched when the form is first
 * used) it lets the code be sent: the action checks the contact and answers.
 */
export function useContactValidator(form: Validatable, type: LoginType) {
  return useCallback(
    (el: HTMLFormElement) => {
      const schemas = authSchemas.loaded();
      const conform = conformZod.loaded();
      if (!schemas || !conform) {
        void authSchemas.load().catch(() => undefined);
        return true;
      }
      const submission = conform.parseWithZod(new FormData(el), { schema: schemas.contactSchema });
      if (submission.status === "success") return true;
      for (const name of contactFieldNames(type)) form.validate({ name });
      return false;
    },
    [form, type],
  );
}
