/**
 * The parts of /rateAlerts (docs/product/rate-alerts.md): the add form and one alert with its
 * state, what its card pays now, Pause or Resume, and Delete (asked first with JavaScript).
 */
import type { RateAlert } from "../../../contract/calls/rate-alerts";
import { minorText } from "../../../contract/money";
import { AdvertCardType } from "../../../contract/enums";
import { Button, DateTime, Field, Form, FormError, SelectField, StatusBadge, type SelectOption } from "~/components/ui";
import { formatNgnHundredths } from "~/services/money/format";
import type { AlertFieldErrors, AlertFields } from "~/services/rate-alerts/alerts.server";

const FORMS: SelectOption[] = [
  { value: String(AdvertCardType.ECode), label: "E-code" },
  { value: String(AdvertCardType.Picture), label: "Picture card" },
];
const ngn = (kobo: number) => formatNgnHundredths(BigInt(kobo));

export function AddAlertForm(props: {
  cardTypes: SelectOption[];
  currencies: SelectOption[];
  typed: Partial<AlertFields>;
  errors: AlertFieldErrors;
}) {
  const { typed, errors } = props;
  return (
    <Form method="post" id="add-alert" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm" noValidate>
      <h2 className="text-base font-semibold text-gray-900">Add an alert</h2>
      {errors.form_ ? <FormError id="add-alert-error" errors={[errors.form_]} /> : null}
      <SelectField id="alert-card" name="cardTypeId" label="Gift card" options={props.cardTypes} placeholder="Choose the card" defaultValue={typed.cardTypeId || undefined} error={errors.cardTypeId} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="alert-currency" name="currency" label="Currency" options={props.currencies} placeholder="Choose" defaultValue={typed.currency || undefined} error={errors.currency} />
        <SelectField id="alert-form" name="form" label="Card form" options={FORMS} defaultValue={typed.form || String(AdvertCardType.ECode)} error={errors.form} />
      </div>
      <Field id="alert-face" name="face" label="Card face" inputMode="decimal" placeholder="100" defaultValue={typed.face} error={errors.face} />
      <Field id="alert-threshold" name="threshold" label="Tell me when it pays at least (₦)" inputMode="decimal" placeholder="90,000" defaultValue={typed.threshold} error={errors.threshold} hint="What selling the card and then its coins would pay, at today's best offer and withdrawer rate." />
      <Button type="submit" name="intent" value="add" fullWidth>
        Add alert
      </Button>
    </Form>
  );
}

function AlertState({ a }: { a: RateAlert }) {
  if (!a.active) return <StatusBadge tone="neutral">Paused</StatusBadge>;
  if (a.firedAt !== null)
    return (
      <StatusBadge tone="success">
        Fired on&nbsp;<DateTime ms={a.firedAt} as="day" />
      </StatusBadge>
    );
  return <StatusBadge tone="wait">Waiting</StatusBadge>;
}

export function AlertItem({ a, error }: { a: RateAlert; error: string | null }) {
  const title = `${a.cardTypeName} ${a.currency} ${minorText(a.face, { trim: true })} ${a.form === AdvertCardType.ECode ? "e-code" : "picture card"}`;
  return (
    <article aria-label={title} className="flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm" data-testid="rate-alert">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
        <AlertState a={a} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 text-sm">
        <dt className="text-gray-600">Tell me at</dt>
        <dd className="num text-right font-medium text-gray-900">{ngn(a.threshold)}</dd>
        <dt className="text-gray-600">Pays now</dt>
        <dd className="num text-right text-gray-900">{a.paysNow === null ? "No offer buys it now" : ngn(a.paysNow)}</dd>
      </dl>
      {error ? (
        <p role="alert" className="text-sm font-medium text-money-out-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Form method="post" className="flex-1">
          <input type="hidden" name="id" value={a.id} />
          <Button type="submit" name="intent" value={a.active ? "pause" : "resume"} variant="secondary" size="sm" fullWidth aria-label={`${a.active ? "Pause" : "Resume"} the alert for ${title}`}>
            {a.active ? "Pause" : "Resume"}
          </Button>
        </Form>
        <Form method="post" className="flex-1" data-confirm={`Delete the alert for ${title}?`}>
          <input type="hidden" name="id" value={a.id} />
          <Button type="submit" name="intent" value="delete" variant="danger" size="sm" fullWidth aria-label={`Delete the alert for ${title}`}>
            Delete
          </Button>
        </Form>
      </div>
    </article>
  );
}
