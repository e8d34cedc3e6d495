/**
 * /security/notifications (ADR 0079): this phone's notifications, turned on or off with
 * JavaScript (the browser's permission and push subscription exist only there), and which kinds
 * push, a plain form that works without it.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PUSH_KINDS, PUSH_KIND_LABELS, type PushKind } from "../../../contract/push";
import { Button, CsrfField, Form } from "~/components/ui";
import { WORKER_PATH } from "~/worker/shell";

export const PUSH_INTENTS = { subscribe: "subscribe", unsubscribe: "unsubscribe", settings: "settings" } as const;

export const PUSH_WORDS = {
  needsJs: "Notifications on this phone need JavaScript. Turn it on in your browser to get them; the choices below work without it.",
  unsupported: "This browser cannot show notifications from a website. On an iPhone, add GiftMarket to your Home Screen first.",
  blocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  failed: "Notifications could not be turned on. Please try again.",
  on: "Notifications are on for this phone.",
  off: "Notifications are off for this phone.",
} as const;

/** base64url (the VAPID public key) → the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

type PhoneState = "checking" | "unsupported" | "off" | "on" | "blocked";

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  // Registered after an idle moment anyway (ADR 0077); asked for here so a quick tap need not wait.
  await navigator.serviceWorker.register(WORKER_PATH);
  return navigator.serviceWorker.ready;
}

export function PhonePush({ publicKey }: { publicKey: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<PhoneState>("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    void workerRegistration()
      .then((r) => r.pushManager.getSubscription())
      .then((s) => setState(s ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  /** Posts this form with the subscription's fields (the CSRF token and intent come from the form). */
  function post(intent: string, fields: Record<string, string>) {
    const body = new FormData(form.current!);
    body.set("intent", intent);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    submit(body, { method: "post" });
  }

  async function turnOn() {
    setError(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const reg = await workerRegistration();
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const keys = sub.toJSON().keys ?? {};
      setState("on");
      post(PUSH_INTENTS.subscribe, { endpoint: sub.endpoint, p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" });
    } catch {
      setError(PUSH_WORDS.failed);
    }
  }

  async function turnOff() {
    setError(null);
    const sub = await (await workerRegistration()).pushManager.getSubscription();
    if (!sub) return setState("off");
    const endpoint = sub.endpoint;
    await sub.unsubscribe().catch(() => false);
    setState("off");
    post(PUSH_INTENTS.unsubscribe, { endpoint });
  }

  const text = !hydrated ? PUSH_WORDS.needsJs : state === "unsupported" ? PUSH_WORDS.unsupported : state === "blocked" ? PUSH_WORDS.blocked : state === "on" ? PUSH_WORDS.on : state === "off" ? PUSH_WORDS.off : "";
  return (
    <section aria-labelledby="phone-push" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="phone-push" className="text-base font-semibold text-gray-900">
        This phone
      </h2>
      <p className="text-sm text-gray-700" data-testid="push-phone-state" aria-live="polite">
        {text}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-money-out-700">
          {error}
        </p>
      ) : null}
      <Form ref={form} method="post" className="flex flex-wrap gap-2">
        <CsrfField />
        {hydrated && state === "off" ? (
          <Button type="button" busy={busy} onClick={() => void turnOn()}>
            Turn on notifications on this phone
          </Button>
        ) : null}
        {hydrated && state === "on" ? (
          <Button type="button" variant="secondary" busy={busy} onClick={() => void turnOff()}>
            Turn off
          </Button>
        ) : null}
      </Form>
    </section>
  );
}

export function PushKindsForm({ settings, subscriptions }: { settings: Record<PushKind, boolean>; subscriptions: number }) {
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-labelledby="push-kinds">
      <CsrfField />
      <input type="hidden" name="intent" value={PUSH_INTENTS.settings} />
      <h2 id="push-kinds" className="text-base font-semibold text-gray-900">
        What to tell me
      </h2>
      <p className="text-xs text-gray-600">
        {subscriptions === 0 ? "No phone or browser of yours gets notifications yet." : subscriptions === 1 ? "1 phone or browser of yours gets notifications." : `${subscriptions} phones or browsers of yours get notifications.`}
      </p>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Kinds of notifications</legend>
        {PUSH_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-3 text-sm text-gray-900">
            <input type="checkbox" name={kind} value="on" defaultChecked={settings[kind]} className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300" data-testid={`push-kind-${kind}`} />
            <span>
              <span className="font-medium">{PUSH_KIND_LABELS[kind].label}</span>
              <span className="block text-xs text-gray-600">{PUSH_KIND_LABELS[kind].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit">Save</Button>
      </div>
    </Form>
  );
}
