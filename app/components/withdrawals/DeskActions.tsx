/**
 * What the withdrawer does with one withdrawal (ADR 0037), the buttons the backend allows now:
 * - Process: behind a confirmation (ConfirmAction: a dialog, or ?confirm=process without JavaScript).
 * - Complete: a multipart form with the payment picture and "I have paid" ticked. With JavaScript
 *   the chosen picture is made small in the browser first; without it the photo goes up as it is
 *   and the server shrinks it.
 * - Cancel: a form with the reason, folded in a <details> (opens without JavaScript too).
 * Every form is the kit's <Form> (CSRF token), posting to the page's action.
 */
import type { ChangeEvent } from "react";
import { WithdrawalAction } from "../../../contract/enums";
import { ConfirmAction } from "~/components/orders/ConfirmAction";
import { Button, Field, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { isSupportedImage } from "~/services/forms/sell";

export interface DeskActionsProps {
  actions: readonly string[];
  /** "535.00 NGN": what the seller is to receive. */
  payout: string;
  asking: string | null;
  /** The last post's refusal, with the intent it belongs to and the text fields as typed (ADR 0061). */
  failed: { intent: string; error: string; typed?: Record<string, string> } | null;
}

const errorFor = (failed: DeskActionsProps["failed"], intent: string) => (failed?.intent === intent ? failed.error : null);

/** With JavaScript the chosen picture goes up small (≤ 1024 px JPEG); the server checks it either way. */
async function shrinkProof(e: ChangeEvent<HTMLInputElement>) {
  const input = e.currentTarget;
  const file = input.files?.[0];
  if (!file || !isSupportedImage(file)) return;
  const { shrinkChosenPicture } = await import("~/services/chat/images.client");
  await shrinkChosenPicture(input, "payment");
}

export function DeskActions({ actions, payout, asking, failed }: DeskActionsProps) {
  // A refusal whose form is gone (the withdrawal moved on meanwhile: staff cancelled it) still says why.
  const orphan = failed && !actions.includes(failed.intent) ? failed.error : null;
  if (actions.length === 0 && !orphan) return null;
  const processError = errorFor(failed, WithdrawalAction.Process);
  return (
    <section aria-labelledby="desk-actions-title" className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="desk-actions">
      <h2 id="desk-actions-title" className="text-base font-semibold text-gray-900">
        What to do
      </h2>
      {orphan ? (
        <p role="alert" className="text-sm font-medium text-money-out-700" data-testid="desk-actions-refusal">
          {orphan}
        </p>
      ) : null}
      {actions.includes(WithdrawalAction.Process) ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-gray-700">Start processing to see the seller&apos;s bank account. Then pay {payout} and upload the proof.</p>
          <ConfirmAction
            intent={WithdrawalAction.Process}
            label="Process"
            title="Start processing this withdrawal?"
            description={`You will see the seller's bank account and must pay ${payout}. It is no longer cancelled automatically.`}
            asking={asking === WithdrawalAction.Process}
          />
          {processError ? (
            <p role="alert" className="text-sm font-medium text-money-out-700">
              {processError}
            </p>
          ) : null}
        </div>
      ) : null}
      {actions.includes(WithdrawalAction.Complete) ? <CompleteForm payout={payout} error={errorFor(failed, WithdrawalAction.Complete)} /> : null}
      {actions.includes(WithdrawalAction.Cancel) ? (
        <CancelForm error={errorFor(failed, WithdrawalAction.Cancel)} typed={failed?.intent === WithdrawalAction.Cancel ? failed.typed?.reason : undefined} />
      ) : null}
    </section>
  );
}

function CompleteForm({ payout, error }: { payout: string; error: string | null }) {
  return (
    <Form method="post" encType="multipart/form-data" replace preventScrollReset className="flex flex-col gap-1" aria-label="Complete" data-testid="complete-form">
      <input type="hidden" name="intent" value={WithdrawalAction.Complete} />
      <Field
        id="pay-picture"
        name="payPicture"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/bmp"
        label="Payment picture"
        hint="A screenshot or photo of your transfer receipt."
        required
        error={error}
        onChange={(e) => void shrinkProof(e)}
      />
      <label className="flex items-start gap-2 text-sm text-gray-900">
        <input type="checkbox" name="paid" value="yes" required className="mt-0.5 h-4 w-4" />
        I have paid {payout} to the seller&apos;s bank account above.
      </label>
      <Button type="submit" className="mt-3" fullWidth>
        Complete
      </Button>
    </Form>
  );
}

/** A refused cancel comes back open with the reason as typed (without JavaScript the page is all she has). */
function CancelForm({ error, typed }: { error: string | null; typed: string | undefined }) {
  return (
    <details className="rounded-lg ring-1 ring-gray-200 open:p-3" open={error !== null || undefined} data-testid="cancel-withdrawal">
      <summary className="cursor-pointer select-none rounded-lg px-3 py-2 text-sm font-medium text-money-out-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
        Cancel this withdrawal
      </summary>
      <Form method="post" replace preventScrollReset className="mt-2 flex flex-col gap-1" aria-label="Cancel withdrawal">
        <input type="hidden" name="intent" value={WithdrawalAction.Cancel} />
        <TextAreaField id="cancel-reason" name="reason" label="Reason (the seller sees it)" rows={3} maxLength={200} required defaultValue={typed} error={error} />
        <p className="text-xs text-gray-600">The coins go back to the seller&apos;s available balance and to your remaining balance.</p>
        <Button type="submit" variant="danger" className="mt-2" fullWidth>
          Cancel withdrawal
        </Button>
      </Form>
    </details>
  );
}
