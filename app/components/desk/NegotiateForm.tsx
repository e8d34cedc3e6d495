/**
 * Negotiate from the desk (1 → 2): the dispute type (docs/product/statuses.md's names), the face found and the
 * price proposed (in units; the action turns them into hundredths), and why. A plain POST form:
 * the backend's contract checks it and the page shows its message (no schema in the browser).
 */
import { ArbitrationType, arbitrationTypeLabels } from "../../../contract/enums";
import { Button, Field, FormError, SelectField, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { formatCoinsWithName } from "~/services/format";
import { faceUnits } from "~/services/money/offers";

export const NEGOTIATE_INTENT = "negotiate";

const TYPES = (Object.values(ArbitrationType) as ArbitrationType[]).map((t) => ({ value: String(t), label: arbitrationTypeLabels[t] }));

export function NegotiateForm({ face, currency, price, coinName, error }: { face: number; currency: string; price: number; coinName: string; error: string | null }) {
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-1" aria-label="Negotiate" data-testid="negotiate-form">
      <input type="hidden" name="intent" value={NEGOTIATE_INTENT} />
      <SelectField id="negotiate-type" name="arbitrationType" label="Problem" options={TYPES} defaultValue={String(ArbitrationType.WrongAmountOrRate)} />
      <Field
        id="negotiate-amount"
        name="arbitrationApplyAmount"
        label={`Card face you found (${currency})`}
        inputMode="decimal"
        defaultValue={faceUnits(face)}
        required
      />
      <Field
        id="negotiate-price"
        name="arbitrationApplyPrice"
        label={`Price you propose (${coinName})`}
        hint={`At most ${formatCoinsWithName(price, coinName)}, the order's price.`}
        inputMode="decimal"
        required
      />
      <TextAreaField id="negotiate-content" name="arbitrationContent" label="Explain the problem to the seller" rows={3} maxLength={500} required />
      <FormError id="negotiate-error" errors={error ? [error] : undefined} />
      <Button type="submit" variant="secondary" fullWidth>
        Send the proposal
      </Button>
    </Form>
  );
}
