/** The receipt's Print button (`data-print`, shown only with JavaScript): the browser's print dialog (ADR 0075). */
export function printButtons(doc: Document) {
  doc.addEventListener("click", (event) => {
    // A page React drew prints by the button's own handler (ReceiptView), which marks the click done.
    if (!event.defaultPrevented && (event.target as Element | null)?.closest?.("button[data-print]")) window.print();
  });
}
