import { json, type LoaderFunctionArgs } from "~/services/kit/http.server";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useChatSignOut, useLiveUnread } from "~/chat/unread";
import { Footer } from "~/components/layout/Footer";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { TopBar } from "~/components/layout/TopBar";
import { Toast, useKeptOwner, useRememberFirstEntry } from "~/components/ui";
import { applyChannel } from "~/services/layout/channel.server";
import { loadLayout, type LayoutData } from "~/services/layout/layout.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // ?channel=X: recorded and kept in the session before the layout's own calls,
  // so those calls (and any session the layout commits) carry it.
  const channel = await applyChannel(request, context);
  const { data, headers } = await loadLayout(channel.request, context);
  const out = new Headers();
  if (channel.setCookie) out.append("Set-Cookie", channel.setCookie);
  headers.forEach((value, key) => out.append(key, value));
  return json(data, { headers: out });
}

/** The layout's data, from any route inside it. */
export function useLayoutData(): LayoutData {
  return useMainLayoutData();
}

export default function MainLayout() {
  const data = useLoaderData<typeof loader>() as LayoutData;
  const { pathname } = useLocation();
  useRememberFirstEntry();
  // Kept state is the user's, whatever she is called: a new nickname keeps it (ids of old sessions aside).
  const keptOwner = data.user ? String(data.user.id ?? data.user.nickname) : null;
  useKeptOwner(keptOwner);
  const hydrated = useHydrated();
  // docs/product/screens.md: the footer is hidden on message pages.
  const onMessages = pathname === "/message" || pathname.startsWith("/message/");
  // The Message badge: the chat island's live unread total where one runs.
  const messages = useLiveUnread(data.counts.messages);
  // Sign-out also logs out of the chat service, if a chat client runs in this tab.
  useChatSignOut(Boolean(data.user));
  return (
    // data-hydrated: set once React has taken over (tests wait for it before using JS-only widgets).
    // data-kept-owner: whose kept state this is, for the touches script of islands-only pages (ADR 0067).
    <div className="flex min-h-screen flex-col" data-hydrated={hydrated ? "" : undefined} data-kept-owner={keptOwner ?? ""}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <TopBar user={data.user} counts={{ ...data.counts, messages }} notices={data.notices} contact={data.contact} />
      <Toast toast={data.toast} />
      <main id="main" className="container flex-1 py-4 md:py-6 print:max-w-none print:p-0">
        <Outlet />
      </main>
      {onMessages ? null : <Footer contact={data.contact} />}
    </div>
  );
}
