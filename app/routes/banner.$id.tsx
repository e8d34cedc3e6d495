/**
 * /banner/{id}: every banner link goes through here. Records the click
 * (/trackRecord/addTrackRecord {type 3, refId}) and redirects to the banner's
 * address: type 2 to an internal route (a path starting with a single '/'),
 * types 1 and 3 to the web view of their http(s) address (with a way back and a
 * new-tab link). Anything else goes home.
 */
import { redirect, type LoaderFunctionArgs } from "~/services/kit/http.server";
import type { Banner } from "../../contract/entities";
import { BannerLocation, BannerType, TrackRecordType, isExternalBanner } from "../../contract/enums";
import { safeHttpUrl } from "~/services/layout/contact";
import { apiFor } from "~/services/kit/caller.server";

/** Where a banner may send the browser, or null when its url is not allowed. */
export function bannerTarget(banner: Pick<Banner, "id" | "type" | "url">): string | null {
  const url = banner.url?.trim() ?? "";
  if (banner.type === BannerType.Internal) {
    // A same-site path only: "/x", never "//host" or "/\\host".
    return /^\/(?![/\\])/.test(url) && !/[\u0000-\u001f]/.test(url) ? url : null;
  }
  if (isExternalBanner(banner.type)) return safeHttpUrl(url) ? `/webView?banner=${banner.id}` : null;
  return null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return redirect("/home");
  const api = await apiFor(request, context);
  const lists = await Promise.all(
    Object.values(BannerLocation).map((location) => api.call("/banner/getBanners", { location })),
  );
  const banner = lists.flatMap((r) => (r.ok ? r.data.list : [])).find((b) => b.id === id);
  if (!banner) return redirect("/home");

  const tracked = await api.call("/trackRecord/addTrackRecord", { type: TrackRecordType.BannerClick, refId: banner.id });
  if (!tracked.ok) console.warn(`banner ${banner.id} click not recorded: ${tracked.msg}`);

  const headers = new Headers();
  if (api.deviceCookie) headers.append("Set-Cookie", api.deviceCookie);
  return redirect(bannerTarget(banner) ?? "/home", { headers });
}
