/** One trusted or blocked user on /partnerList (docs/product/entities.md#relationship-list-item), with its Cancel form. */
import { Link } from "@remix-run/react";
import type { RelationshipListItem } from "../../../contract/entities";
import { isOnline } from "../../../contract/enums";
import { OnlineStatus } from "~/components/catalog/MerchantIdentity";
import { Avatar } from "~/components/ui/Avatar";
import { formatVolume } from "~/services/money/format";
import { PartnerForm } from "./PartnerButtons";
import { userInfoHref } from "./UserLink";

export function PartnerRow({ item: u, coinName, action, blocked }: { item: RelationshipListItem; coinName: string; action: string; blocked: boolean }) {
  const figures: Array<[string, string]> = [
    ["Trades", u.tradeNum.toLocaleString("en-US")],
    ["Traded", `${formatVolume(u.tradeAmount)} ${coinName}`],
    ["Trusted by", u.beTrustNum.toLocaleString("en-US")],
    ["Blocked by", u.beBlackNum.toLocaleString("en-US")],
  ];
  return (
    <article className="flex flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center sm:p-4" data-testid="partner-row" data-user-id={u.id}>
      <Link to={userInfoHref(u.id)} className="flex min-w-0 flex-1 items-center gap-3 no-underline">
        <Avatar src={u.avatar} size={44} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-gray-900" data-testid="partner-name">
            {u.nickname}
          </span>
          <OnlineStatus online={isOnline(u.onlineStatus)} />
        </span>
      </Link>
      {/* Traded takes the width the counts leave (a busy merchant's volume is the widest figure); a
          figure wraps rather than being cut. */}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)_auto_auto] gap-2 text-center sm:w-96">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-gray-600">{label}</dt>
            <dd className="num wrap-anywhere text-sm font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end">
        <PartnerForm intent="cancel" toUser={u.id} action={action} srLabel={`${blocked ? "the block of" : "the trust in"} ${u.nickname}`} />
      </div>
    </article>
  );
}
