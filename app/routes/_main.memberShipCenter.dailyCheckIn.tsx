/**
 * /memberShipCenter/dailyCheckIn (docs/product/screens.md, docs/product/statuses.md): Daily Check-in, the Day Streak, the calendar of
 * reward days (the day-number shifting rule of docs/product/membership.md, services/membership/index.ts), Check-in Now or Checked
 * In (disabled), the two rule texts and the Earn More Points card. Checking in posts here; the
 * page then reloads the info. Content only for signed-in users: guests get Go To Login?.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { CHECK_IN_INTENT } from "~/services/forms/membership";
import { checkInDays, checkedIn } from "~/services/membership/index";
import { formatWealth } from "~/services/money/format";
import { Button, ButtonLink } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { usePosting } from "~/components/ui/use-posting";
import { cx } from "~/components/ui/cx";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Daily Check-in | GiftMarket" }];

const HERE = "/memberShipCenter/dailyCheckIn";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const [info, config] = await Promise.all([api.call("/userCheckIn/getCheckInInfo"), api.call("/systemConfig/getUserCheckInConfig")]);
  const { checkInCount, isCheckIn } = must(info);
  const days = checkInDays(must(config).checkInList, checkInCount, isCheckIn);
  return json({ checkInCount, isCheckIn, days }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context, "prompt");
  return dispatchIntent(form, {
    [CHECK_IN_INTENT]: async () => {
      const r = await api.call("/userCheckIn/userCheckIn");
      return r.ok ? redirectWithToast(api.session, HERE, checkedIn(r.data.reward, r.data.checkInCount)) : redirectWithToast(api.session, HERE, r.msg, "error");
    },
  });
}

export default function DailyCheckInPage() {
  const { checkInCount, isCheckIn, days } = useLoaderData<typeof loader>();
  const busy = usePosting(CHECK_IN_INTENT);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Daily Check-in</h1>
      <section aria-labelledby="streak-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="flex items-baseline justify-between">
          <h2 id="streak-title" className="text-base font-semibold text-gray-900">
            Day Streak
          </h2>
          <p className="text-3xl font-bold tabular-nums text-brand-700" data-testid="day-streak">
            {checkInCount}
          </p>
        </div>
        <ol className="mt-4 grid grid-cols-4 gap-2 sm:grid-cols-7" aria-label="Reward days" data-testid="check-in-days">
          {days.map((d) => (
            <li
              key={d.day}
              aria-current={d.today ? "date" : undefined}
              data-checked={d.checked ? "1" : "0"}
              className={cx(
                "flex flex-col items-center rounded-lg px-1 py-2 text-center ring-1",
                d.checked ? "bg-green-50 text-green-800 ring-green-300" : "bg-gray-50 text-gray-800 ring-gray-200",
                d.today && "ring-2 ring-brand-600",
              )}
            >
              <span className="text-xs font-medium">Day {d.day}</span>
              <span className="text-sm font-semibold tabular-nums">{formatWealth(d.reward)}</span>
              <span className="text-xs">{d.checked ? "Checked" : d.today ? "Today" : "\u00a0"}</span>
            </li>
          ))}
        </ol>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={CHECK_IN_INTENT} />
          <Button type="submit" fullWidth disabled={isCheckIn} busy={busy}>
            {isCheckIn ? "Checked In" : "Check-in Now"}
          </Button>
        </Form>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Check-in once daily to earn rewards</li>
          <li>Maintain your streak for bigger bonuses</li>
        </ul>
      </section>
      <section aria-labelledby="earn-title" className="flex items-center justify-between gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div>
          <h2 id="earn-title" className="text-base font-semibold text-gray-900">
            Earn More Points
          </h2>
          <p className="text-sm text-gray-700">Trade gift cards for additional points</p>
        </div>
        <ButtonLink to="/home" variant="secondary" className="shrink-0 whitespace-nowrap">
          Start Trading
        </ButtonLink>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<h1 className="text-xl font-bold text-gray-900 md:text-2xl">Daily Check-in</h1>} signedOutText="Sign in to check in." />;
}
