/**
 * Which button of a form was pressed: its `intent` field (a button's name="intent" value, or a
 * hidden field). Read here on both sides, the server's dispatcher (intents.server.ts) and the
 * browser's busy state (components/ui/use-posting.ts), so no route or component names the field.
 */
export const INTENT_FIELD = "intent";

/** The intent a form posted ("" when none). */
export const intentOf = (form: FormData): string => String(form.get(INTENT_FIELD) ?? "");
