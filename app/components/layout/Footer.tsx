/**
 * The footer (docs/product/screens.md): social links, e-mail, Help Center, Download App,
 * About, Contact us, User Agreement, Privacy Notice, all from the contact
 * config; only those present are shown.
 */
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { WEB_VIEW_PAGES, webViewHref, type WebViewPage } from "~/services/layout/web-view";
import { contactEmail, withContactHrefs, type Contact } from "~/services/layout/contact";
import { ExternalLink, FacebookIcon, LogoMark, MailIcon, TelegramIcon, TwitterIcon, WhatsAppIcon } from "../ui";
import { BRAND_NAME } from "./TopBar";

const SOCIAL: { key: string; label: string; icon: (p: { className?: string }) => ReactNode }[] = [
  { key: "whatsapp", label: "WhatsApp", icon: WhatsAppIcon },
  { key: "telegram", label: "Telegram", icon: TelegramIcon },
  { key: "facebook", label: "Facebook", icon: FacebookIcon },
  { key: "twitter", label: "Twitter", icon: TwitterIcon },
];

const LINKS = (Object.keys(WEB_VIEW_PAGES) as WebViewPage[]).map((key) => ({ key, label: WEB_VIEW_PAGES[key] }));

export function Footer({ contact }: { contact: Contact }) {
  const social = withContactHrefs(contact, SOCIAL);
  const links = withContactHrefs(contact, LINKS);
  const email = contactEmail(contact);
  return (
    <footer className="print:hidden mt-10 border-t border-gray-200 bg-white">
      <div className="container grid gap-6 py-8 md:grid-cols-[1fr_auto] md:gap-10">
        <div>
          <div className="flex items-center gap-2 text-gray-900">
            <LogoMark className="h-7 w-7" />
            <span className="text-base font-bold">{BRAND_NAME}</span>
          </div>
          <p className="mt-2 max-w-sm text-sm text-gray-600">
            Sell gift cards to verified merchants and cash out to your bank account.
          </p>
          {social.length > 0 ? (
            <ul className="mt-4 flex gap-2" aria-label="Social media">
              {social.map((s) => (
                <li key={s.key}>
                  <ExternalLink
                    href={s.href}
                    className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-gray-100 text-gray-700 hover:bg-brand-50 hover:text-brand-700"
                  >
                    <s.icon className="h-5 w-5" />
                    <span className="sr-only">{s.label}</span>
                  </ExternalLink>
                </li>
              ))}
            </ul>
          ) : null}
          {email ? (
            <a
              href={`mailto:${email}`}
              className="mt-4 inline-flex items-center gap-2 text-sm text-brand-700 underline-offset-2 hover:underline"
            >
              <MailIcon className="h-4 w-4" />
              {email}
            </a>
          ) : null}
        </div>
        {links.length > 0 ? (
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm sm:grid-cols-3 md:grid-cols-2">
              {links.map((l) => (
                <li key={l.key}>
                  {/* Our own pages of the contact config open in the web view, with a way back (docs/product/screens.md). */}
                  <Link to={webViewHref(l.key)} className="inline-flex min-h-10 items-center text-gray-700 hover:text-brand-700 hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="border-t border-gray-100">
        {/* A page with a floating button (/home's Need Help?) leaves room under the last line, so the
            button never sits on it once the page is scrolled to the end. */}
        <p className="container py-4 text-xs text-gray-600 sm:[body:has([data-floating])_&]:pb-20">
          © {BRAND_NAME}. Trade safely: never share your card outside an order.
        </p>
      </div>
    </footer>
  );
}
