/**
 * /security/devices: the devices signed in to the account (ADR 0058), this one marked; sign out
 * one other, or all the others, after a confirmation (a dialog, or a section without JavaScript).
 * A signed-out device is told why on its next page. Guests get Go To Login?.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { SignedInSession } from "../../contract/calls/sessions";
import { redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { SIGN_OUT_INTENT, SIGN_OUT_OTHERS_INTENT, SessionList } from "~/components/identity/SessionList";
import { securityTitle } from "~/components/identity/security-tabs";
import { ErrorState } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { dispatchIntent } from "~/services/kit/intents.server";

const HERE = "/security/devices";

export const meta: MetaFunction = () => [{ title: securityTitle("devices") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const r = await api.call("/userSession/getSessionList");
  return json({ list: r.ok ? r.data.list : [], error: r.ok ? null : r.msg }, { headers: NO_STORE });
}

/** The toast after "Sign out all other devices": how many it ended. */
const othersSignedOut = (count: number) =>
  count === 0 ? "No other device was signed in." : `Signed out ${count === 1 ? "1 other device" : `${count} other devices`}.`;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const refused = (error: string) => json({ error }, { status: 400, headers: NO_STORE });
  return dispatchIntent(
    form,
    {
      [SIGN_OUT_INTENT]: async () => {
        const r = await api.call("/userSession/signOutSession", { id: String(form.get("id") ?? "") });
        return r.ok ? redirectWithToast(api.session, HERE, "The device was signed out.") : refused(r.msg);
      },
      [SIGN_OUT_OTHERS_INTENT]: async () => {
        const r = await api.call("/userSession/signOutOtherSessions");
        return r.ok ? redirectWithToast(api.session, HERE, othersSignedOut(r.data.count)) : refused(r.msg);
      },
    },
    NO_STORE,
  );
}

export default function DevicesTab() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  if (data.error) return <ErrorState message={data.error} className="rounded-xl bg-white" />;
  return (
    <>
      {actionData?.error ? (
        <p role="alert" className="mx-auto w-full max-w-2xl text-sm font-medium text-money-out-700" data-testid="devices-error">
          {actionData.error}
        </p>
      ) : null}
      <SessionList list={data.list as SignedInSession[]} confirm={params.get("confirm")} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to see the devices signed in to your account." />;
}
