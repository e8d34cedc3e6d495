/**
 * The home promo popup (a home_pop banner), shown once per browser session;
 * the loader decides (cookie promo_seen). With JavaScript a dialog over the
 * page: styled so by the `js:` classes before the scripts arrive (ADR 0062),
 * a dialog to assistive technology once hydrated; Close and Escape hide it at
 * once and focus starts on Close. It does not fetch Headless UI, because it
 * opens with the page and /home must stay light (ADR 0028). Without
 * JavaScript a notice at the top of the page, over nothing, whose Close is a
 * link to ?promo=closed. On an islands-only page the touches script makes the
 * server's markup the dialog (app/touches/promo.ts, ADR 0067); `data-promo`
 * names it there.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClasses, CloseIcon } from "../ui";
import { keepFocusIn } from "../ui/focus-trap";
import { bannerLinkProps, LeavesNote, type ShownBanner } from "./BannerCarousel";

export const PROMO_SIZE = { width: 600, height: 800 } as const;

function Picture({ banner }: { banner: ShownBanner }) {
  return (
    <a {...bannerLinkProps(banner)} className="relative mx-auto block w-fit overflow-hidden rounded-xl">
      <img
        src={banner.pic}
        alt={banner.nameEn}
        width={PROMO_SIZE.width}
        height={PROMO_SIZE.height}
        // A definite height before the picture arrives (pictures load after the scripts, ADR 0043): its box
        // never grows under the page (no layout shift); the width follows from the 3:4 ratio.
        className="block h-64 w-auto js:h-[min(65vh,calc((100vw-2.5rem)*4/3))] sm:js:h-[min(65vh,calc(21.5rem*4/3))]"
      />
      <LeavesNote to={banner.leaves} />
    </a>
  );
}

export function PromoPopup({ banner }: { banner: ShownBanner }) {
  const hydrated = useHydrated();
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
      // Without JavaScript a region of the page (nothing else is inert).
      role={hydrated ? "dialog" : undefined}
      aria-modal={hydrated || undefined}
      aria-labelledby="promo-title"
      data-testid="promo"
      data-promo=""
      className="js:fixed js:inset-0 js:z-50 js:flex js:items-end js:justify-center js:bg-gray-900/50 sm:js:items-center sm:js:p-4"
    >
      <div className="relative rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 js:w-full js:rounded-b-none js:p-5 js:shadow-xl js:ring-0 sm:js:max-w-sm sm:js:rounded-b-xl">
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
