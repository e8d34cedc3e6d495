/**
 * /webView?page={contact key} or ?banner={id} (docs/product/screens.md, outside the main layout): an address from
 * our own contact config or banners in a frame, under a bar with safe-back and its title, and a
 * link to open it in a new tab (many sites refuse to be framed). Nothing stored for the link: it
 * does not stay, but goes back as the original web view does. The server cannot see the history, so
 * it is safe-back's other way, home, with a note saying why: a redirect, so the empty web view is
 * never in the history to come back to.
 */
import { json, privateFor, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BannerLocation } from "../../contract/enums";
import { apiFor } from "~/services/kit/caller.server";
import { redirectWithToast } from "~/services/kit/api.server";
import { bannerWebTarget, isWebViewPage, pageTarget, type WebViewTarget } from "~/services/layout/web-view";
import { ExternalLink, SafeBack, useRememberFirstEntry } from "~/components/ui";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = await apiFor(request, context);
  const page = url.searchParams.get("page");
  const bannerId = Number(url.searchParams.get("banner"));
  let target: WebViewTarget | null = null;
  if (isWebViewPage(page)) {
    const config = await api.call("/systemConfig/getSystemConfig");
    target = config.ok ? pageTarget(config.data.contact, page) : null;
  } else if (Number.isSafeInteger(bannerId) && bannerId > 0) {
    const lists = await Promise.all(Object.values(BannerLocation).map((location) => api.call("/banner/getBanners", { location })));
    const banner = lists.flatMap((r) => (r.ok ? r.data.list : [])).find((b) => b.id === bannerId);
    target = banner ? bannerWebTarget(banner) : null;
  }
  if (!target) throw await redirectWithToast(api.session, "/home", WEB_VIEW_EMPTY, "info");
  return json({ target }, { headers: privateFor(60) });
}

export const WEB_VIEW_EMPTY = "This page is not available.";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.target.title ?? "Not found"} | GiftMarket` }];

export default function WebView() {
  const { target } = useLoaderData<typeof loader>();
  useRememberFirstEntry();
  const hydrated = useHydrated();
  return (
    // data-hydrated: as in the main layout, set once React has taken over.
    <div className="flex h-dvh flex-col bg-white" data-hydrated={hydrated ? "" : undefined}>
      <header className="flex min-h-12 items-center gap-3 border-b border-gray-200 px-3">
        <SafeBack>Back</SafeBack>
        <h1 className="min-w-0 flex-1 truncate text-center text-base font-semibold text-gray-900">{target.title}</h1>
        <ExternalLink href={target.url} icon="h-4 w-4" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700">
          <span className="sr-only sm:not-sr-only">New tab</span>
        </ExternalLink>
      </header>
      <iframe
          src={target.url}
          title={target.title}
          className="w-full flex-1 border-0"
          // The framed page runs in its own origin and may not navigate ours.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          data-testid="web-view-frame"
      />
      <p className="border-t border-gray-200 px-3 py-2 text-center text-xs text-gray-600">
        Page empty? Some sites cannot be shown here.{" "}
        <ExternalLink href={target.url} className="font-medium text-brand-700 underline underline-offset-2">
          Open it in a new tab
        </ExternalLink>
      </p>
    </div>
  );
}
