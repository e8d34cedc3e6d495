/**
 * /rateAlerts: her rate alerts (docs/product/rate-alerts.md, ADR 0071). The add form (card, currency,
 * form, face, the naira she wants), then her alerts, newest first, each with its state ("Waiting",
 * "Fired on …", "Paused"), what the card pays now, Pause or Resume, and Delete.
 * Islands-only (ADR 0067): every form posts; the touches script marks the pending button and asks
 * before Delete. Guests get Go To Login?.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { RateAlert } from "../../contract/calls/rate-alerts";
import { RATE_ALERTS_MAX } from "../../contract/rate-alerts";
import { requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { LOAD_ERROR, HERE, loadRateAlerts, rateAlertAction, type AlertFieldErrors, type AlertFields } from "~/services/rate-alerts/alerts.server";
import { AddAlertForm, AlertItem } from "~/components/rate-alerts/RateAlertParts";
import { EmptyState, ErrorState } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import type { IslandsHandle } from "~/services/layout/islands";

/** Islands-only (ADR 0067): forms that post, the pending and confirm touches. */
export const handle: IslandsHandle = { islands: [] };

export const meta: MetaFunction = () => [{ title: "Rate Alerts | GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadRateAlerts(await requireApi(request, context, "prompt"), new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  return rateAlertAction(await requireApi(request, context), form);
}

type Answer = { intent: string; typed?: AlertFields; errors?: AlertFieldErrors; id?: string; error?: string } | undefined;

export default function RateAlertsPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer;
  const added = answer?.intent === "add" ? answer : undefined;
  const alerts = data.alerts as RateAlert[] | null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Rate Alerts</h1>
        <p className="text-sm text-gray-600">We tell you once, by notice and e-mail, when a card pays what you want. Up to {RATE_ALERTS_MAX} alerts.</p>
      </div>
      <AddAlertForm cardTypes={data.cardTypes} currencies={data.currencies} typed={added?.typed ?? data.preset} errors={added?.errors ?? {}} />
      <section aria-labelledby="alerts-title" className="flex flex-col gap-3">
        <h2 id="alerts-title" className="text-base font-semibold text-gray-900">
          Your alerts
        </h2>
        {alerts === null ? (
          <ErrorState message={LOAD_ERROR} retryTo={HERE} className="rounded-xl bg-white" />
        ) : alerts.length === 0 ? (
          <EmptyState className="rounded-xl bg-white" title="No alerts yet" description="Add one above: we will tell you when the card pays that much." />
        ) : (
          <ul className="flex flex-col gap-3">
            {alerts.map((a) => (
              <li key={a.id}>
                <AlertItem a={a} error={answer && answer.intent !== "add" && answer.id === String(a.id) ? (answer.error ?? null) : null} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to see your rate alerts." />;
}
