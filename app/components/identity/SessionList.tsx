/**
 * The devices signed in to the account (/security/devices, ADR 0058): one card per session, this
 * device first with its badge, each other with a Sign out that asks first (a dialog, or the
 * ?confirm=signout-{id} section without JavaScript), and Sign out all other devices below.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SignedInSession } from "../../../contract/calls/sessions";
import { ConfirmAction } from "~/components/orders/ConfirmAction";
import { DateTime, StatusBadge } from "~/components/ui";

export const SIGN_OUT_INTENT = "signout";
export const SIGN_OUT_OTHERS_INTENT = "signout-others";
const askingAbout = (id: string) => `${SIGN_OUT_INTENT}-${id}`;
/** A button under its card: the width of a phone, its own width at the right on a wider screen (its no-JavaScript question stays wide). */
const ACTION_ROW = "flex flex-col gap-3 sm:[&>a]:w-auto sm:[&>a]:self-end";

function SessionCard({ s, confirm }: { s: SignedInSession; confirm: string | null }) {
  const facts: Array<[string, ReactNode]> = [
    ["Signed in", <DateTime key="first" ms={s.firstSeen} />],
    ["Last active", s.current ? "Now" : <DateTime key="last" ms={s.lastSeen} />],
    ["From", s.place ?? "Unknown"],
  ];
  return (
    <article
      aria-labelledby={`session-${s.id}`}
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
      data-testid="session-row"
      data-current={s.current || undefined}
    >
      <h3 id={`session-${s.id}`} className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
        <span data-testid="session-device">{s.device}</span>
        {s.current ? <StatusBadge tone="brand">This device</StatusBadge> : null}
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="wrap-anywhere text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {s.current ? null : (
        <div className={ACTION_ROW}>
          <ConfirmAction
            intent={SIGN_OUT_INTENT}
            fields={{ id: s.id }}
            confirm={askingAbout(s.id)}
            asking={confirm === askingAbout(s.id)}
            label="Sign out"
            srLabel={s.device}
            variant="secondary"
            title="Sign out this device?"
            description={`${s.device} will be signed out. Whoever uses it must sign in again to reach your account.`}
            confirmLabel="Sign out"
            tone="danger"
          />
        </div>
      )}
    </article>
  );
}

export function SessionList({ list, confirm }: { list: SignedInSession[]; confirm: string | null }) {
  const others = list.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="devices-title" className="mx-auto flex w-full max-w-2xl flex-col gap-3">
      <h2 id="devices-title" className="text-lg font-semibold text-gray-900">
        Signed-in devices
      </h2>
      <p className="text-sm text-gray-700">
        If you see a device you do not know, sign it out and{" "}
        <Link to="/security/loginPassword" className="font-medium text-brand-700 underline underline-offset-2">
          change your login password
        </Link>
        .
      </p>
      <ul className="flex flex-col gap-3" aria-label="Signed-in devices" data-testid="session-list">
        {list.map((s) => (
          <li key={s.id}>
            <SessionCard s={s} confirm={confirm} />
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <div className={ACTION_ROW}>
          <ConfirmAction
            intent={SIGN_OUT_OTHERS_INTENT}
            asking={confirm === SIGN_OUT_OTHERS_INTENT}
            label="Sign out all other devices"
            variant="danger"
            title="Sign out all other devices?"
            description={`${others === 1 ? "The other device" : `The ${others} other devices`} will be signed out. This device stays signed in.`}
            confirmLabel="Sign out all"
            tone="danger"
          />
        </div>
      ) : (
        <p className="rounded-xl bg-white p-4 text-center text-sm text-gray-700 ring-1 ring-gray-200" data-testid="no-other-devices">
          No other device is signed in to your account.
        </p>
      )}
    </section>
  );
}
