/**
 * Which button of a form was pressed: its `intent` field (a button's name="intent" value, or a
 * hidden field). Read here on both sides, the server's dispatcher (intents.server.ts) and the
 * browser's busy state (components/ui/use-posting.ts), so no route or component names the field.
 */
export const INTENT_FIELD = "intent";

/**
 * The intent a form posted ("" when none). A page whose forms are inside a frame whose own submit
 * button already sends `intent` (the auth frame's intent=submit) names its forms in another field.
 */
export const intentOf = (form: FormData, field: string = INTENT_FIELD): string => String(form.get(field) ?? "");
