/**
 * The home promo popup (a home_pop banner), shown once per browser session;
 * the loader decides (cookie promo_seen). A fixed overlay section rendered by
 * the server, whose Close is a link to ?promo=closed without JavaScript. With
 * it, Close and Escape hide it at once and focus starts on it; it does not
 * fetch Headless UI, because it opens with the page and /home must stay light
 * (ADR 0028): the page under it is only an image link away.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import type { Banner } from "../../../contract/entities";
import { buttonClasses, CloseIcon } from "../ui";
import { bannerLinkProps } from "./BannerCarousel";

export const PROMO_SIZE = { width: 600, height: 800 } as const;

function Picture({ banner }: { banner: Banner }) {
  return (
    <a {...bannerLinkProps(banner)} className="block overflow-hidden rounded-xl">
      <img
        src={banner.pic}
        alt={banner.nameEn}
        width={PROMO_SIZE.width}
        height={PROMO_SIZE.height}
        className="mx-auto block h-auto max-h-[65vh] w-auto"
      />
    </a>
  );
}

/** Tab and Shift+Tab cycle through the links of the modal instead of leaving it. */
function keepFocusIn(container: HTMLElement | null, e: KeyboardEvent) {
  const links = container ? [...container.querySelectorAll<HTMLElement>("a[href], button")] : [];
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const next = e.shiftKey ? (at <= 0 ? links.length - 1 : at - 1) : (at + 1) % links.length;
  e.preventDefault();
  links[next]!.focus();
}

export function PromoPopup({ banner }: { banner: Banner }) {
  const [open, setOpen] = useState(true);
  const close = useRef<HTMLAnchorElement>(null);
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
      if (e.key === "Tab") keepFocusIn(box.current, e);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  if (!open) return null;
  return (
    <section
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-labelledby="promo-title"
      data-testid="promo"
      className="fixed inset-0 z-50 flex items-end justify-center bg-gray-900/50 sm:items-center sm:p-4"
    >
      <div className="relative w-full rounded-t-2xl bg-white p-5 shadow-xl sm:max-w-sm sm:rounded-2xl">
        <h2 id="promo-title" className="pr-20 text-lg font-semibold text-gray-900">
          {banner.nameEn}
        </h2>
        <Link
          ref={close}
          to="?promo=closed"
          replace
          preventScrollReset
          onClick={(e) => {
            e.preventDefault();
            setOpen(false);
          }}
          className={buttonClasses({ variant: "ghost", size: "sm", className: "absolute right-3 top-3" })}
        >
          <CloseIcon className="h-4 w-4" />
          Close
        </Link>
        <div className="mt-4">
          <Picture banner={banner} />
        </div>
      </div>
    </section>
  );
}
