/**
 * Negotiate from the desk (1 → 2): the dispute type (docs/product/statuses.md's names), the face found and the
 * price proposed (in units; the action turns them into hundredths), and why. A plain POST form:
 * the backend's contract checks it and the page shows its message (no schema in the browser).
 */
import { ArbitrationType, arbitrationTypeLabels } from "../../../contract/enums";
import { Button, Field, FormError, SelectField, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { formatCoinsWithName } from "~/services/money/format";
import { faceUnits } from "~/services/money/offers";
import { NEGOTIATE_FIELDS as F, type NegotiateField, type NegotiateRefusal } from "~/services/desk/orders";

export const NEGOTIATE_INTENT = "negotiate";

const TYPES = (Object.values(ArbitrationType) as ArbitrationType[]).map((t) => ({ value: String(t), label: arbitrationTypeLabels[t] }));

export function NegotiateForm({ face, currency, price, coinName, refused }: { face: number; currency: string; price: number; coinName: string; refused: (NegotiateRefusal & { typed: Record<string, string> }) | null }) {
  // What a refused post typed comes back into the fields (ADR 0061); the message at its field.
  const typed = (name: NegotiateField, otherwise?: string) => refused?.typed[name] ?? otherwise;
  const errorAt = (name: NegotiateField | null) => (refused && refused.field === name ? refused.error : null);
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-1" aria-label="Negotiate" data-testid="negotiate-form">
      <input type="hidden" name="intent" value={NEGOTIATE_INTENT} />
      <SelectField id="negotiate-type" name={F.type} label="Problem" options={TYPES} defaultValue={typed(F.type, String(ArbitrationType.WrongAmountOrRate))} />
      <Field
        id="negotiate-amount"
        name={F.amount}
        label={`Card face you found (${currency})`}
        inputMode="decimal"
        defaultValue={typed(F.amount, faceUnits(face))}
        error={errorAt(F.amount)}
        required
      />
      <Field
        id="negotiate-price"
        name={F.price}
        label={`Price you propose (${coinName})`}
        hint={`At most ${formatCoinsWithName(price, coinName)}, the order's price.`}
        inputMode="decimal"
        defaultValue={typed(F.price)}
        error={errorAt(F.price)}
        required
      />
      <TextAreaField id="negotiate-content" name={F.content} label="Explain the problem to the seller" rows={3} maxLength={500} defaultValue={typed(F.content)} error={errorAt(F.content)} required />
      <FormError id="negotiate-error" errors={errorAt(null) ? [errorAt(null)!] : undefined} />
      <Button type="submit" variant="secondary" fullWidth>
        Send the proposal
      </Button>
    </Form>
  );
}
