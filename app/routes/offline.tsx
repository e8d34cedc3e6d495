/**
 * /offline: what the service worker shows in place of a page when there is no network (ADR 0077).
 * It is stored once, as a guest sees it, so it names nobody and shows no figure; it is the page
 * the worker answers with for any address, so "Try again" loads the address she asked for.
 */
import type { MetaFunction } from "~/services/kit/http.server";
import { buttonClasses, LogoMark } from "~/components/ui";
import type { IslandsHandle } from "~/services/layout/islands";

export const handle: IslandsHandle = { islands: [] };

export const OFFLINE_TEXT = "You are offline. Your orders and wallet will load when you are back.";

export const meta: MetaFunction = () => [{ title: "Offline | GiftMarket" }];

export default function Offline() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <LogoMark className="h-12 w-12" />
      <h1 className="text-xl font-bold text-gray-900">No connection</h1>
      <p className="text-base text-gray-700">{OFFLINE_TEXT}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {/* Plain links: an empty address is this document's own, the page she was opening (a route link would name /offline). */}
        <a href="" className={buttonClasses({ variant: "primary", size: "md" })}>
          Try again
        </a>
        <a href="/home" className={buttonClasses({ variant: "secondary", size: "md" })}>
          Home
        </a>
      </div>
    </main>
  );
}
