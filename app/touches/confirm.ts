/**
 * A form marked `data-confirm="question"` asks before it is sent (a destructive action). Without
 * JavaScript it is sent at once; such a form's page says what it does. Runs before the pending
 * touch (capture), so a form the user kept is not shown as sending.
 */
export function confirmations(doc: Document) {
  doc.addEventListener(
    "submit",
    (event) => {
      const question = (event.target as HTMLFormElement).getAttribute("data-confirm");
      if (question && !window.confirm(question)) event.preventDefault();
    },
    true,
  );
}
