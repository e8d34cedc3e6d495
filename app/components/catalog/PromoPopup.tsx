/**
 * The home promo popup (a home_pop banner), shown once per browser session;
 * the loader decides (cookie promo_seen). With JavaScript a Headless UI
 * Dialog, open at first; before hydration and without JavaScript a fixed
 * overlay section whose Close is a link to ?promo=closed.
 */
import { useState } from "react";
import { Link } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Banner } from "../../../contract/entities";
import { buttonClasses, CloseIcon, Dialog } from "../ui";
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

export function PromoPopup({ banner }: { banner: Banner }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);

  if (hydrated) {
    return (
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={banner.nameEn}
        size="sm"
        className="sm:max-w-sm"
      >
        <div data-testid="promo">
          <Picture banner={banner} />
        </div>
      </Dialog>
    );
  }

  return (
    <section
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
          to="?promo=closed"
          replace
          preventScrollReset
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
