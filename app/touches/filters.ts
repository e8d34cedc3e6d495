/**
 * A list's filter form (`data-submit-on-change`, a GET form: ui/filter-form.ts) on an
 * islands-only page is sent as soon as a choice changes, as the hydrated lists do, so its Apply
 * button goes. Each change loads the filtered page: a history entry, as without JavaScript.
 */
export function filters(doc: Document) {
  for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-submit-on-change]")) {
    for (const apply of form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) apply.hidden = true;
    // A live field's change (she leaves it) is already shown: app/touches/live-results.ts refreshed it.
    form.addEventListener("change", (e) => {
      if (!(e.target as HTMLElement).hasAttribute("data-live-results")) form.requestSubmit();
    });
  }
}
