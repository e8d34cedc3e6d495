/**
 * A sell form that was refused because its price no longer stands (ADR 0050): the backend's words
 * naming the new figure, in place of the form's error; the form shows its figures at the new quote
 * and its submit button becomes the one that accepts it. The page holds the new quote in its
 * hidden fields, so that button is all it takes, with or without JavaScript.
 */
import { useEffect, useRef } from "react";
import type { Quote } from "../../../contract/quote";
import { QUOTE_FIELDS } from "~/services/forms/quote-fields";

export function AskAgainNotice({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // With JavaScript the page did not reload: bring the question into view and to the keyboard.
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      data-testid="ask-again"
      className="mb-3 rounded-lg bg-wait-50 p-3 text-sm text-wait-800 ring-1 ring-inset ring-wait-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p className="font-semibold">{message}</p>
    </div>
  );
}

/** The hidden fields of the quote a sell form shows (app/services/forms/quote.ts reads them back). */
export function QuoteFields({ quote }: { quote: Quote | null | undefined }) {
  if (!quote) return null;
  return (
    <>
      <input type="hidden" name={QUOTE_FIELDS.rate} value={quote.rate} />
      <input type="hidden" name={QUOTE_FIELDS.at} value={quote.at} />
      <input type="hidden" name={QUOTE_FIELDS.sig} value={quote.sig} />
    </>
  );
}
