/** The desk's order forms (ADR 0036): what the negotiate form posts, in the contract's units. */
import { minorFromInput } from "~/services/format";

/** The negotiation in hundredths, or the message of the field that is not a number (the backend checks the rest). */
export function negotiationOf(form: FormData) {
  const amount = minorFromInput(String(form.get("arbitrationApplyAmount") ?? ""));
  if (amount === null) return "Please enter the card face you found.";
  const price = minorFromInput(String(form.get("arbitrationApplyPrice") ?? ""));
  if (price === null) return "Please enter the price you propose.";
  return {
    arbitrationType: Number(form.get("arbitrationType")) as 0 | 1 | 2 | 3 | 4,
    arbitrationApplyAmount: amount,
    arbitrationApplyPrice: price,
    arbitrationContent: String(form.get("arbitrationContent") ?? ""),
  };
}
