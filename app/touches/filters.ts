/**
 * A list's filter form (`data-submit-on-change`, a GET form: ui/filter-form.ts) on an
 * islands-only page is sent as soon as a choice changes, as the hydrated lists do, so its Apply
 * button goes. Each change loads the filtered page: a history entry, as without JavaScript.
 */
export function filters(doc: Document) {
  for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-submit-on-change]")) {
    for (const apply of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) apply.hidden = true;
    form.addEventListener("change", () => form.requestSubmit());
  }
}
