/**
 * The top of /userInfo/{id} (docs/product/screens.md, docs/product/entities.md): avatar in its level frame, nickname with the verified
 * badge of business users, online status, the viewer's relationship with "Trades with you: N",
 * and the partner buttons.
 */
import type { ReactNode } from "react";
import type { PublicProfile } from "../../../contract/entities";
import { Relationship, isOnline, relationshipLabels } from "../../../contract/enums";
import { OnlineStatus } from "~/components/catalog/MerchantIdentity";
import { FramedAvatar } from "~/components/identity/ProfileParts";
import { MallBadge } from "~/components/identity/Adornment";
import { StatusBadge, VerifiedIcon } from "~/components/ui";

export interface Viewing {
  relationship: Relationship;
  tradeTimes: number;
}

export function PublicProfileHeader({ profile: p, viewing, actions }: { profile: PublicProfile; viewing: Viewing | null; actions: ReactNode }) {
  return (
    <section aria-labelledby="user-name" className="flex flex-col items-center gap-3 rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-start sm:text-left">
      <FramedAvatar src={p.avatar} level={p.level} frame={p.frame} />
      <div className="flex min-w-0 flex-1 flex-col items-center gap-2 sm:items-start">
        <h1 id="user-name" className="flex max-w-full items-center gap-1">
          <span className="truncate text-xl font-bold text-gray-900" data-testid="user-nickname">
            {p.nickname}
          </span>
          {p.isBusiness ? (
            <>
              <VerifiedIcon className="h-5 w-5 shrink-0 text-brand-600" />
              <span className="sr-only">Verified merchant</span>
            </>
          ) : null}
        </h1>
        <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 sm:justify-start">
          <OnlineStatus online={isOnline(p.onlineStatus)} />
          <StatusBadge tone="brand">Lv.{p.level}</StatusBadge>
          <MallBadge badge={p.badge} />
          {viewing && viewing.relationship !== Relationship.None ? (
            <StatusBadge tone={viewing.relationship === Relationship.Block ? "danger" : "success"}>
              <span data-testid="relationship">{relationshipLabels[viewing.relationship]}</span>
            </StatusBadge>
          ) : null}
        </p>
        {viewing ? (
          <p className="num text-sm text-gray-700" data-testid="trades-with-you">
            Trades with you: {viewing.tradeTimes.toLocaleString("en-US")}
          </p>
        ) : null}
        {viewing?.relationship === Relationship.Block ? (
          <p className="text-sm text-money-out-700">You blocked this user: you do not see their offers, and they cannot message you.</p>
        ) : null}
        {actions}
      </div>
    </section>
  );
}
