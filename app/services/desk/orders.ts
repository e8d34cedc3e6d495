/** The desk's order forms (ADR 0036): what the negotiate form posts, in the contract's units. */
import { minorFromInput } from "~/services/money/format";

/** The negotiate form's fields, as it posts them. */
export const NEGOTIATE_FIELDS = { type: "arbitrationType", amount: "arbitrationApplyAmount", price: "arbitrationApplyPrice", content: "arbitrationContent" } as const;
export type NegotiateField = (typeof NEGOTIATE_FIELDS)[keyof typeof NEGOTIATE_FIELDS];

/** A refusal and the field it is about (null: the form as a whole). */
export interface NegotiateRefusal {
  field: NegotiateField | null;
  error: string;
}

/**
 * The field a refusal of /merchant/order/negotiate is about, from its words (the contract's
 * messages: "the card face you found", "the price you propose"/"The proposed price must not
 * exceed …", "explain the problem"/"The explanation has …"), so it shows at that field.
 */
export function negotiateRefusal(error: string): NegotiateRefusal {
  const field = /card face/i.test(error) ? NEGOTIATE_FIELDS.amount : /price/i.test(error) ? NEGOTIATE_FIELDS.price : /explain|explanation/i.test(error) ? NEGOTIATE_FIELDS.content : null;
  return { field, error };
}

/** The negotiation in hundredths, or the refusal of the field that is not a number (the backend checks the rest). */
export function negotiationOf(form: FormData) {
  const amount = minorFromInput(String(form.get(NEGOTIATE_FIELDS.amount) ?? ""));
  if (amount === null) return negotiateRefusal("Please enter the card face you found.");
  const price = minorFromInput(String(form.get(NEGOTIATE_FIELDS.price) ?? ""));
  if (price === null) return negotiateRefusal("Please enter the price you propose.");
  return {
    arbitrationType: Number(form.get(NEGOTIATE_FIELDS.type)) as 0 | 1 | 2 | 3 | 4,
    arbitrationApplyAmount: amount,
    arbitrationApplyPrice: price,
    arbitrationContent: String(form.get(NEGOTIATE_FIELDS.content) ?? ""),
  };
}
