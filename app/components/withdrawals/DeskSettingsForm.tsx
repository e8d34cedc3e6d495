/**
 * The withdrawer's own offer on the desk (ADR 0037): accepting or paused, rate, limits, the coins
 * it still buys (within its deposit), tags and description. A plain post to the page's action,
 * checked there by the contract's rules; the answer keeps what was typed with a message per field.
 */
import type { Withdrawer } from "../../../contract/entities";
import { WITHDRAWER_TIME_LIMIT_MINUTES } from "../../../contract/constants";
import { Button, DetailPanel, DetailRow, Field, TextAreaField } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { FormError } from "~/components/ui/FormParts";
import { formatCoins } from "~/services/money/format";
import type { SettingsErrors, SettingsValues } from "~/services/desk/withdrawer-desk";
import { OtpField } from "~/components/identity/OtpField";

export interface DeskSettingsProps {
  withdrawer: Withdrawer;
  deposit: number;
  openAmount: number;
  maxRemainBalance: number;
  values: SettingsValues;
  errors: SettingsErrors;
  formError: string | null;
  coinName: string;
  /** Two-factor sign-in is on: a save takes a code (ADR 0057). */
  needOtp?: boolean;
  /** The action's last answer (a refused code is emptied). */
  answer?: unknown;
}

export function DeskStanding({ withdrawer: w, deposit, openAmount, maxRemainBalance, coinName }: Pick<DeskSettingsProps, "withdrawer" | "deposit" | "openAmount" | "maxRemainBalance" | "coinName">) {
  const coins = (v: number) => `${formatCoins(v)} ${coinName}`;
  return (
    <DetailPanel title="Your standing" labelId="desk-standing">
      <dl className="divide-y divide-gray-100" data-testid="desk-standing">
        <DetailRow label="Deposit">{coins(deposit)}</DetailRow>
        <DetailRow label="In open withdrawals">{coins(openAmount)}</DetailRow>
        <DetailRow label="You can offer up to">
          <span data-testid="desk-max-remain">{coins(maxRemainBalance)}</span>
        </DetailRow>
        <DetailRow label="Offered at last top-up">{coins(w.totalBalance)}</DetailRow>
        <DetailRow label="Sales">
          {w.sales} · {w.feedback} positive feedback
        </DetailRow>
        <DetailRow label="Payout currency">{w.currency}</DetailRow>
        <DetailRow label="Time limit">{WITHDRAWER_TIME_LIMIT_MINUTES} minutes to start processing</DetailRow>
      </dl>
    </DetailPanel>
  );
}

export function DeskSettingsForm({ withdrawer: w, values, errors, formError, coinName, needOtp = false, answer }: DeskSettingsProps) {
  const coinHint = `In ${coinName}, up to 2 decimals.`;
  return (
    <section aria-labelledby="desk-settings-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="desk-settings-title" className="mb-3 text-base font-semibold text-gray-900">
        Your offer
      </h2>
      <Form method="post" replace preventScrollReset className="flex flex-col gap-1" aria-label="Your offer" data-testid="desk-settings-form">
        <input type="hidden" name="id" value={w.id} />
        <input type="hidden" name="seenRemainBalance" value={w.remainBalance} />
        <FormError id="desk-settings-error" errors={formError ? [formError] : undefined} />
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium text-gray-900">Sellers can choose you</legend>
          {[
            ["1", "Accepting withdrawals"],
            ["0", "Paused"],
          ].map(([value, label]) => (
            <label key={value} className="flex min-h-10 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="status" value={value} defaultChecked={values.status === value} className="h-4 w-4" />
              {label}
            </label>
          ))}
          {errors.status ? <p className="text-sm text-money-out-700">{errors.status}</p> : null}
        </fieldset>
        <Field id="desk-rate" name="currencyRate" label={`Rate (${w.currency} per coin)`} inputMode="decimal" defaultValue={values.currencyRate} error={errors.currencyRate} hint="Up to 4 decimals." />
        <div className="grid grid-cols-2 gap-3">
          <Field id="desk-min" name="minTrade" label="Minimum" inputMode="decimal" defaultValue={values.minTrade} error={errors.minTrade} />
          <Field id="desk-max" name="maxTrade" label="Maximum" inputMode="decimal" defaultValue={values.maxTrade} error={errors.maxTrade} />
        </div>
        <Field id="desk-remain" name="remainBalance" label="Coins you still buy" inputMode="decimal" defaultValue={values.remainBalance} error={errors.remainBalance} hint={coinHint} />
        <Field id="desk-tags" name="tags" label="Tags" defaultValue={values.tags} error={errors.tags} hint="Up to 5, separated by | (for example Fast|Bank transfer)." maxLength={115} />
        <TextAreaField id="desk-description" name="description" label="Description" rows={3} defaultValue={values.description} error={errors.description} maxLength={500} />
        {needOtp ? <OtpField id="desk-otp" error={errors.otp} answer={answer} /> : null}
        <Button type="submit" className="mt-2" fullWidth>
          Save
        </Button>
      </Form>
    </section>
  );
}
