/**
 * A sell form's quote (docs/decisions/0050-quotes-and-one-home-for-money.md): the page renders the
 * quote it shows as hidden fields, the action reads them back and sends them with the amount the
 * page displayed at that rate, and a QUOTE_CHANGED refusal comes back as a Requote the page asks
 * the seller again with. The actions use it; pages import only its types.
 */
import { Code } from "../../../contract/envelope";
import { requoteSchema, type Quote, type Requote, type ShownQuote } from "../../../contract/quote";
import { QUOTE_FIELDS } from "./quote-fields";
import { figureOrNull } from "../../../contract/money";


const int = (v: FormDataEntryValue | null): number | null => {
  if (typeof v !== "string" || !/^\d{1,16}$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
};

/** The quote the form posted, or undefined when it carried none (or a damaged one: then the backend prices it as it stands). */
export function quoteFromForm(form: FormData): Quote | undefined {
  const rate = int(form.get(QUOTE_FIELDS.rate));
  const at = int(form.get(QUOTE_FIELDS.at));
  const sig = form.get(QUOTE_FIELDS.sig);
  if (rate === null || rate <= 0 || at === null || typeof sig !== "string" || !sig || sig.length > 64) return undefined;
  return { rate, at, sig };
}

/**
 * The quote with the amount the page displayed at its rate. An amount too large to work out
 * (no page displayed one) goes without a quote: the backend refuses it for its size anyway.
 */
export function shown(quote: Quote | undefined, amount: (rate: number) => number): ShownQuote | undefined {
  const figure = quote ? figureOrNull(() => amount(quote.rate)) : null;
  return quote && figure !== null ? { ...quote, shown: figure } : undefined;
}

/** What a page needs to ask again: the backend's words and the quote to accept them with. */
export interface AskAgain extends Requote {
  message: string;
}

/** A refusal that asks the seller again (QUOTE_CHANGED), or null for any other answer. */
export function askAgainOf(result: { ok: boolean; code?: number; msg?: string; data?: unknown }): AskAgain | null {
  if (result.ok || result.code !== Code.QUOTE_CHANGED) return null;
  const parsed = requoteSchema.safeParse(result.data);
  return parsed.success ? { ...parsed.data, message: result.msg ?? "" } : null;
}
