/**
 * /security/notifications: Web Push (ADR 0079). "Turn on notifications on this phone" asks the
 * browser (JavaScript only: permission and subscription live there) and posts the subscription
 * here; which kinds push is a plain form. Guests get Go To Login?.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PUSH_KINDS } from "../../contract/push";
import { securityTitle } from "~/components/identity/security-tabs";
import { PhonePush, PushKindsForm, PUSH_INTENTS } from "~/components/identity/PushSettings";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";

const HERE = "/security/notifications";

export const meta: MetaFunction = () => [{ title: securityTitle("notifications") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const [settings, key] = await Promise.all([api.call("/push/getSettings"), api.call("/push/getPublicKey")]);
  return json({ ...must(settings), publicKey: must(key).publicKey }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const refused = (error: string) => json({ error }, { status: 400, headers: NO_STORE });
  const field = (name: string) => String(form.get(name) ?? "");
  return dispatchIntent(
    form,
    {
      [PUSH_INTENTS.subscribe]: async () => {
        const r = await api.call("/push/subscribe", { endpoint: field("endpoint"), p256dh: field("p256dh"), auth: field("auth") });
        return r.ok ? redirectWithToast(api.session, HERE, "Notifications are on for this phone.") : refused(r.msg);
      },
      [PUSH_INTENTS.unsubscribe]: async () => {
        const r = await api.call("/push/unsubscribe", { endpoint: field("endpoint") });
        return r.ok ? redirectWithToast(api.session, HERE, "Notifications are off for this phone.") : refused(r.msg);
      },
      // A box left unticked is not posted: every kind not posted is off.
      [PUSH_INTENTS.settings]: async () => {
        const r = await api.call("/push/setSettings", Object.fromEntries(PUSH_KINDS.map((k) => [k, form.get(k) === "on"])));
        return r.ok ? redirectWithToast(api.session, HERE, "Your notification choices are saved.") : refused(r.msg);
      },
    },
    NO_STORE,
  );
}

export default function NotificationsTab() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      {actionData && "error" in actionData && actionData.error ? (
        <p role="alert" className="text-sm font-medium text-money-out-700" data-testid="push-error">
          {actionData.error}
        </p>
      ) : null}
      <PhonePush publicKey={data.publicKey} />
      <PushKindsForm settings={data.settings} subscriptions={data.subscriptions} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to choose your notifications." />;
}
