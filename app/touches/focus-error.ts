/**
 * A post the server refused comes back as the page with its messages at the fields. The first
 * field it marks invalid takes the focus, as conform gives it on a hydrated page: the user types
 * the fix at once, and a screen reader reads the field with its message. A user who has already
 * put the focus somewhere keeps it.
 */
export function focusError(doc: Document) {
  if (doc.activeElement && doc.activeElement !== doc.body) return;
  doc.querySelector<HTMLElement>('form[method="post" i] [aria-invalid="true"]')?.focus();
}
