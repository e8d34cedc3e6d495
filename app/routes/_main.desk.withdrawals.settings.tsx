/**
 * /desk/withdrawals/settings: the withdrawer's own offer (ADR 0037) — accepting or
 * paused, rate, limits, the coins it still buys, tags, description — beside its deposit and what
 * is open against it. Saved with /merchant/withdrawer/updateSettings; sellers see it at once at
 * /withdrawerList. ?id= picks another offer of the same withdrawer (one, as a rule). With two-factor
 * sign-in on, a save takes a current code (ADR 0057).
 */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Withdrawer } from "../../contract/entities";
import { MESSAGES } from "../../contract/messages";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { DeskHeader } from "~/components/withdrawals/DeskParts";
import { DeskSettingsForm, DeskStanding } from "~/components/withdrawals/DeskSettingsForm";
import { must, redirectWithToast } from "~/services/kit/api.server";
import { requireDesk } from "~/services/kit/desk.server";
import { readForm } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { DESK_PATH, settingsValues } from "~/services/desk/withdrawer-desk";
import { saveSettings } from "~/services/desk/withdrawer-desk.server";
import { needsCode } from "~/services/identity/two-factor.server";


export const meta: MetaFunction = () => [{ title: "Rate and balance | Withdrawer desk" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const id = Number(new URL(request.url).searchParams.get("id")) || undefined;
  const [settings, needOtp] = await Promise.all([api.call("/merchant/withdrawer/getSettings", { id }), needsCode(api)]);
  return json({ ...must(settings), needOtp }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await requireDesk(request, context, "withdrawer");
  const form = await readForm(request);
  const refused = await saveSettings(api, form);
  if (refused) return json(refused, { status: 400, headers: NO_STORE });
  return redirectWithToast(api.session, `${DESK_PATH}/settings?id=${String(form.get("id"))}`, MESSAGES.success);
}

export default function DeskSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { coinName } = useMainLayoutData();
  const w = data.withdrawer as Withdrawer;
  const props = { ...data, withdrawer: w, coinName };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <DeskHeader current="settings" />
      {data.withdrawerIds.length > 1 ? (
        <nav aria-label="Your offers" className="flex flex-wrap gap-2 text-sm">
          {data.withdrawerIds.map((id) => (
            <Link key={id} to={`?id=${id}`} aria-current={id === w.id ? "page" : undefined} className="rounded-full px-3 py-1 ring-1 ring-gray-300 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white">
              Offer {id}
            </Link>
          ))}
        </nav>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-start">
        <DeskSettingsForm
          key={`${w.id}|${w.lastUpdate}`}
          {...props}
          values={reply?.values ?? settingsValues(w)}
          errors={reply?.errors ?? {}}
          formError={reply?.formError ?? null}
          answer={reply}
        />
        <DeskStanding {...props} />
      </div>
      <p className="text-sm text-gray-700">
        Sellers see your offer at{" "}
        <Link to="/withdrawerList" className="font-medium text-brand-700 underline underline-offset-2">
          the withdrawer list
        </Link>
        .
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
