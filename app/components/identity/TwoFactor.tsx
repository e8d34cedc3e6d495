/**
 * The parts of /security/twoFactor (ADR 0057): the intro with its Set up button, the setup (the QR
 * code drawn on the server, the key to type by hand, the first code), the recovery codes shown once
 * (selectable text and a download without JavaScript; Copy and Print with it), and, once on, its
 * state with new recovery codes and Turn off. Every form is a plain post to the tab's action.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Fragment, lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { RECOVERY_CODE_COUNT } from "../../../contract/two-factor";
import { AuthFormFrame, PasswordField } from "~/components/auth/AuthForm";
import { Button, ButtonLink, DateTime, buttonClasses } from "~/components/ui";
import { fieldProps } from "~/components/ui/FormParts";
import { Form } from "~/components/ui/Form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { QrCode } from "~/components/wallet/QrCode";
import type { QrSvg } from "~/components/wallet/qr.server";
import { OtpField, SecondFactorInput } from "./OtpField";
import { SecurityCard } from "./SecurityStep";

const CopyButton = lazy(() => import("~/components/wallet/CopyButton.client"));

export const TWO_FACTOR_INTENTS = { begin: "begin", confirm: "confirm", renew: "renew", off: "off" } as const;
/** The field that says which of the tab's forms posted (the frame's own submit button sends intent=submit). */
export const TASK_FIELD = "task";
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[keyof typeof TWO_FACTOR_INTENTS];

/** What the tab's action answers when it does not redirect. */
export interface TwoFactorActionData {
  intent: TwoFactorIntent;
  result?: SubmissionResult<string[]> | null;
  /** Shown once, after the setup's first code or a renewal. */
  recoveryCodes?: string[];
}

const resultFor = (data: TwoFactorActionData | undefined, intent: TwoFactorIntent) => (data?.intent === intent ? data : undefined);

/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, easier to type; a narrow line breaks between groups only. */
const groupsOf = (key: string) => key.match(/.{1,4}/g) ?? [];

export function TwoFactorIntro({ action, required }: { action: string; required: boolean }) {
  return (
    <SecurityCard title="Two-Factor Sign-In">
      {required ? (
        <p className="mb-3 rounded-lg bg-wait-50 p-3 text-sm font-medium text-wait-800 ring-1 ring-inset ring-wait-200" role="note" data-testid="two-factor-required">
          Your desk needs two-factor sign-in. Set it up to open it.
        </p>
      ) : null}
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-gray-700">
        <li>After your password, signing in asks for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Authy or another).</li>
        <li>Selling coins, and changes to your bank accounts, login password or payout settings, ask for a code too.</li>
        <li>You get {RECOVERY_CODE_COUNT} recovery codes to keep for when your phone is lost.</li>
      </ul>
      <Form method="post" action={action}>
        <Button type="submit" name={TASK_FIELD} value={TWO_FACTOR_INTENTS.begin} fullWidth size="lg">
          Set up two-factor sign-in
        </Button>
      </Form>
    </SecurityCard>
  );
}

export function TwoFactorSetup({ secret, qr, action, cancelHref, actionData }: { secret: string; qr: QrSvg | null; action: string; cancelHref: string; actionData?: TwoFactorActionData }) {
  const [form, fields] = useSchemaForm("two-factor-setup", () => import("~/services/forms/two-factor.schema").then((m) => m.setupCodeSchema), resultFor(actionData, "confirm"));
  return (
    <SecurityCard title="Set Up Two-Factor Sign-In">
      <ol className="mb-3 list-decimal space-y-3 pl-5 text-sm text-gray-700">
        <li>
          <p>Open your authenticator app, add an account and scan this QR code.</p>
          {qr ? <QrCode qr={qr} label="QR code to add GiftMarket to your authenticator app" className="mx-auto mt-2 h-44 w-44 rounded-lg ring-1 ring-gray-200" /> : null}
          <p className="mt-2">Cannot scan it? Choose to enter a setup key and type this one (time based):</p>
          <p className="mt-1 select-all break-all rounded-lg bg-gray-50 p-3 text-center font-mono text-base tracking-wider text-gray-900 ring-1 ring-inset ring-gray-200" data-testid="two-factor-key">
            {groupsOf(secret).map((g, i) => (
              <Fragment key={i}>
                {i > 0 ? " " : null}
                <span className="inline-block">{g}</span>
              </Fragment>
            ))}
          </p>
          <div className="mt-2 min-h-9">
            <ClientOnly fallback={<p className="text-xs text-gray-600">Select the key to copy it.</p>}>
              {() => (
                <Suspense fallback={null}>
                  <CopyButton text={secret} label="Copy key" />
                </Suspense>
              )}
            </ClientOnly>
          </div>
        </li>
        <li>Enter the 6-digit code the app now shows for GiftMarket.</li>
      </ol>
      <AuthFormFrame form={form} submitLabel="Turn on" action={action}>
        <input type="hidden" name={TASK_FIELD} value={TWO_FACTOR_INTENTS.confirm} />
        <SecondFactorInput key={fields.code.key} {...fieldProps(fields.code)} answer={actionData} label="Code from the app" placeholder="6 digits" />
      </AuthFormFrame>
      <p className="mt-2 text-center text-sm">
        <Link to={cancelHref} className="py-1 font-medium text-brand-700 underline underline-offset-2">
          Cancel
        </Link>
      </p>
    </SecurityCard>
  );
}

function PrintButton() {
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => window.print()}>
      Print
    </Button>
  );
}

export function RecoveryCodes({ codes, renewed, doneHref, doneLabel }: { codes: string[]; renewed: boolean; doneHref: string; doneLabel: string }) {
  const text = `GiftMarket recovery codes\nEach code works once.\n\n${codes.join("\n")}\n`;
  return (
    <SecurityCard title="Save Your Recovery Codes">
      <p className="mb-2 rounded-lg bg-money-in-50 p-3 text-sm font-medium text-money-in-800 ring-1 ring-inset ring-money-in-200" role="status">
        {renewed ? "You have new recovery codes. The old ones no longer work." : "Two-factor sign-in is on."}
      </p>
      <p className="mb-3 text-sm text-gray-700">
        If your phone is lost, each of these codes signs you in once instead of the app. Keep them somewhere safe, away from your phone. This is the only time they are shown.
      </p>
      <ol className="mb-3 grid select-all grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-gray-50 p-3 font-mono text-base text-gray-900 ring-1 ring-inset ring-gray-200" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="num">
            {c}
          </li>
        ))}
      </ol>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="giftmarket-recovery-codes.txt" className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Download
        </a>
        <ClientOnly fallback={null}>
          {() => (
            <>
              <PrintButton />
              <Suspense fallback={null}>
                <CopyButton text={codes.join("\n")} label="Copy codes" />
              </Suspense>
            </>
          )}
        </ClientOnly>
      </div>
      <ButtonLink to={doneHref} fullWidth size="lg">
        {doneLabel}
      </ButtonLink>
    </SecurityCard>
  );
}

export function TwoFactorOn({ enabledAt, left, action, actionData }: { enabledAt: number | null; left: number; action: string; actionData?: TwoFactorActionData }) {
  const [renewForm, renew] = useSchemaForm("two-factor-renew", () => import("~/services/forms/two-factor.schema").then((m) => m.renewCodesSchema), resultFor(actionData, "renew"));
  const [offForm, off] = useSchemaForm("two-factor-off", () => import("~/services/forms/two-factor.schema").then((m) => m.turnOffSchema), resultFor(actionData, "off"));
  return (
    <div className="flex flex-col gap-4">
      <SecurityCard title="Two-Factor Sign-In">
        <p className="text-sm text-gray-900" data-testid="two-factor-state">
          <span className="mr-2 inline-flex rounded-full bg-money-in-50 px-2 py-0.5 text-xs font-semibold text-money-in-800 ring-1 ring-inset ring-money-in-200">On</span>
          since <DateTime ms={enabledAt} />
        </p>
        <p className="mt-2 text-sm text-gray-700">Signing in, selling coins, and changes to your bank accounts, login password or payout settings ask for a code from your authenticator app.</p>
        <p className={`mt-2 text-sm ${left <= 3 ? "font-medium text-wait-800" : "text-gray-700"}`} data-testid="recovery-left">
          Recovery codes left: <span className="num font-semibold">{left}</span> of {RECOVERY_CODE_COUNT}
          {left <= 3 ? ". Get new ones before they run out." : ""}
        </p>
      </SecurityCard>
      <SecurityCard title="New Recovery Codes">
        <p className="mb-3 text-sm text-gray-700">Ten new codes replace the ones you have: the old ones stop working.</p>
        <AuthFormFrame form={renewForm} submitLabel="Get new codes" action={action}>
          <input type="hidden" name={TASK_FIELD} value={TWO_FACTOR_INTENTS.renew} />
          <OtpField key={renew.otp.key} id={renew.otp.id} error={renew.otp.errors} answer={actionData} />
        </AuthFormFrame>
      </SecurityCard>
      <SecurityCard title="Turn Off Two-Factor Sign-In">
        <p className="mb-3 text-sm text-gray-700">Signing in will ask for your password only. A recovery code works here if your phone is lost.</p>
        <AuthFormFrame form={offForm} submitLabel="Turn off" action={action} submitVariant="danger">
          <input type="hidden" name={TASK_FIELD} value={TWO_FACTOR_INTENTS.off} />
          <PasswordField field={off.loginPwd} label="Login password" autoComplete="current-password" />
          <SecondFactorInput key={off.otp.key} {...fieldProps(off.otp)} answer={actionData} label="Two-factor code or recovery code" inputMode="text" />
        </AuthFormFrame>
      </SecurityCard>
    </div>
  );
}
