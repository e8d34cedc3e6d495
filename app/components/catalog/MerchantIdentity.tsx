/** Who an offer is from, as both the offer list and the sell page show it: avatar (in its point-mall frame), nickname (a link to its page), verified, its badge, online, trades. */
import type { ReactNode } from "react";
import type { AdvertWithMerchant } from "../../../contract/entities";
import { isOnline } from "../../../contract/catalog-enums";
import { AdornedAvatar, MallBadge } from "~/components/identity/Adornment";
import { cx } from "~/components/ui/cx";
import { VerifiedIcon } from "~/components/ui";
import { UserLink } from "~/components/partners/UserLink";

export function OnlineStatus({ online }: { online: boolean }) {
  return (
    <span className={cx("inline-flex items-center gap-1.5 text-xs font-medium", online ? "text-money-in-700" : "text-gray-600")}>
      <span aria-hidden="true" className={cx("h-2 w-2 rounded-full", online ? "bg-money-in-600" : "bg-gray-400")} />
      {online ? "Online" : "Offline"}
    </span>
  );
}

export function MerchantIdentity({ advert: a, extra }: { advert: AdvertWithMerchant; extra?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <AdornedAvatar src={a.avatar} size={44} frame={a.frame} />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-1">
          <UserLink userId={a.userid} className="truncate font-semibold text-gray-900" testId="merchant-name">
            {a.nickname}
          </UserLink>
          <VerifiedIcon className="h-4 w-4 shrink-0 text-brand-600" />
          <span className="sr-only">Verified merchant</span>
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5">
          <OnlineStatus online={isOnline(a.onlineStatus)} />
          <span className="num text-xs text-gray-600">{a.totalTrade.toLocaleString("en-US")} trades</span>
          <MallBadge badge={a.badge} />
          {extra}
        </p>
      </div>
    </div>
  );
}
