/**
 * What /webView may frame (docs/product/screens.md): an address from our own contact config (the footer
 * and help links) or from a banner, named by its key or id, never an address the link carries, so
 * nobody can make our page frame another site.
 */
import type { Banner } from "../../../contract/entities";
import { isExternalBanner } from "../../../contract/catalog-enums";
import { contactHref, type Contact } from "~/services/layout/contact";

/** The contact-config pages the footer and the profile's Help Center open in the web view. */
export const WEB_VIEW_PAGES = {
  helpCenter: "Help Center",
  downloadApp: "Download App",
  aboutUs: "About",
  contectUs: "Contact us",
  userAgreement: "User Agreement",
  privacyNotice: "Privacy Notice",
} as const;
export type WebViewPage = keyof typeof WEB_VIEW_PAGES;

export const isWebViewPage = (key: string | null): key is WebViewPage => key !== null && Object.prototype.hasOwnProperty.call(WEB_VIEW_PAGES, key);

export const webViewHref = (page: WebViewPage) => `/webView?page=${page}`;

export interface WebViewTarget {
  title: string;
  url: string;
}

/** The page of a contact key, if the config has a usable http(s) address for it. */
export function pageTarget(contact: Contact, page: WebViewPage): WebViewTarget | null {
  const url = contactHref(contact, page);
  return url && /^https?:/.test(url) ? { title: WEB_VIEW_PAGES[page], url } : null;
}

/** An external banner (types 1 and 3) with an http(s) address. */
export function bannerWebTarget(banner: Pick<Banner, "type" | "url" | "nameEn">): WebViewTarget | null {
  if (!isExternalBanner(banner.type)) return null;
  const url = banner.url?.trim() ?? "";
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? { title: banner.nameEn || "GiftMarket", url: u.toString() } : null;
  } catch {
    return null;
  }
}

/** The site an external banner leads to (its host, for "Opens …"), or null: it stays on ours. */
export function bannerLeavesTo(banner: Pick<Banner, "type" | "url" | "nameEn">): string | null {
  const target = bannerWebTarget(banner);
  return target ? new URL(target.url).host : null;
}
