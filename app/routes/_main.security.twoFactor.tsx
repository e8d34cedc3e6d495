/**
 * /security/twoFactor: two-factor sign-in (ADR 0057). Off: an intro and Set up, which starts a
 * pending secret and shows it at ?step=setup (the QR code drawn on the server, the key by hand);
 * the app's first code turns it on and the page shows the ten recovery codes, once. On: since when,
 * the recovery codes left, new ones for a code, Turn off with the login password and a code.
 * ?redirectTo= (a desk that needs it) is where Done leads once it is on.
 */
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { securityTitle } from "~/components/identity/security-tabs";
import {
  RecoveryCodes,
  TASK_FIELD,
  TWO_FACTOR_INTENTS as I,
  TwoFactorIntro,
  TwoFactorOn,
  TwoFactorSetup,
  type TwoFactorActionData,
} from "~/components/identity/TwoFactor";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { qrSvg } from "~/components/wallet/qr.server";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import { parseWithZod, renewCodesSchema, setupCodeSchema, turnOffSchema } from "~/services/forms/schemas.server";
import { TWO_FACTOR_HIDDEN_FIELDS, TWO_FACTOR_MESSAGES as M, refusalAt } from "~/services/forms/two-factor";
import { safeRedirect } from "~/session.server";

const HERE = "/security/twoFactor";
const SETUP_STEP = "setup";

export const meta: MetaFunction = () => [{ title: securityTitle("twoFactor") }];

/** This tab's address with ?step= and the desk to go back to kept. */
function here(redirectTo: string | null, step?: string): string {
  const search = new URLSearchParams();
  if (step) search.set("step", step);
  if (redirectTo) search.set("redirectTo", redirectTo);
  const s = search.toString();
  return s ? `${HERE}?${s}` : HERE;
}

const redirectToOf = (url: URL) => {
  const to = url.searchParams.get("redirectTo");
  return to && safeRedirect(to, "") ? to : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const url = new URL(request.url);
  const status = must(await api.call("/twoFactor/getStatus"));
  const setup = !status.enabled && url.searchParams.get("step") === SETUP_STEP ? must(await api.call("/twoFactor/getSetup")) : null;
  return json(
    { status, setup: setup ? { secret: setup.secret, qr: qrSvg(setup.otpauthUri) } : null, redirectTo: redirectToOf(url) },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const redirectTo = redirectToOf(new URL(request.url));
  const answer = (data: TwoFactorActionData) => json(data, { headers: NO_STORE });
  // One form each: Set up, Turn on with the first code, new recovery codes, Turn off.
  const withCode = async (task: "confirm" | "renew" | "off") => {
    const schema = task === I.confirm ? setupCodeSchema : task === I.renew ? renewCodesSchema : turnOffSchema;
    const submission = parseWithZod(form, { schema });
    const reply = (opts: Parameters<typeof submission.reply>[0] = {}) => answer({ intent: task, result: submission.reply({ ...opts, hideFields: TWO_FACTOR_HIDDEN_FIELDS }) });
    if (submission.status !== "success") return reply();
    const v = submission.value as { code?: string; otp?: string; loginPwd?: string };
    if (task === I.off) {
      const r = await api.call("/twoFactor/disable", { otp: v.otp!, loginPwd: v.loginPwd! });
      if (r.ok) return redirectWithToast(api.session, HERE, "Two-factor sign-in is off.");
      return reply(r.msg === M.loginPasswordWrong ? { fieldErrors: { loginPwd: [r.msg] } } : refusalAt(r.msg));
    }
    const r = task === I.confirm ? await api.call("/twoFactor/confirmSetup", { code: v.code! }) : await api.call("/twoFactor/renewRecoveryCodes", { otp: v.otp! });
    if (!r.ok) return reply(refusalAt(r.msg, task === I.confirm ? "code" : "otp"));
    // Shown this once: only their hashes are kept.
    return answer({ intent: task, recoveryCodes: r.data.recoveryCodes });
  };
  return dispatchIntent(
    form,
    {
      [I.begin]: async () => {
        const r = await api.call("/twoFactor/beginSetup");
        return r.ok ? redirect(here(redirectTo, SETUP_STEP)) : redirectWithToast(api.session, here(redirectTo), r.msg, "error");
      },
      [I.confirm]: () => withCode(I.confirm),
      [I.renew]: () => withCode(I.renew),
      [I.off]: () => withCode(I.off),
    },
    NO_STORE,
    TASK_FIELD,
  );
}

export default function TwoFactorTab() {
  const { status, setup, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as TwoFactorActionData | undefined;
  if (actionData?.recoveryCodes) {
    return (
      <RecoveryCodes
        codes={actionData.recoveryCodes}
        renewed={actionData.intent === I.renew}
        doneHref={redirectTo ?? HERE}
        doneLabel={redirectTo ? "I have saved them: go to my desk" : "I have saved them"}
      />
    );
  }
  if (status.enabled) return <TwoFactorOn enabledAt={status.enabledAt} left={status.recoveryCodesLeft} action={HERE} actionData={actionData} />;
  if (setup) return <TwoFactorSetup secret={setup.secret} qr={setup.qr} action={here(redirectTo, SETUP_STEP)} cancelHref={here(redirectTo)} actionData={actionData} />;
  return <TwoFactorIntro action={here(redirectTo)} required={status.requiredForDesk} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to set up two-factor sign-in." />;
}
