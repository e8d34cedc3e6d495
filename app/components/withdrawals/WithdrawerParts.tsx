/** Pieces the withdrawer card (/withdrawerList) and the withdrawer panel (/sellCoins) share. */
import { FiguresLine } from "~/components/trader/TraderFigures";
import type { Withdrawer } from "../../../contract/entities";
import { StatusBadge, VerifiedIcon } from "~/components/ui";

/** The nickname with the certified mark; goes inside the caller's heading line. */
export function WithdrawerName({ w }: { w: Withdrawer }) {
  return (
    <>
      <span className="truncate" data-testid="withdrawer-name">
        {w.nickname}
      </span>
      <VerifiedIcon className="h-4 w-4 shrink-0 text-brand-600" />
      <span className="sr-only">Certified withdrawer</span>
    </>
  );
}

export function WithdrawerStats({ w }: { w: Withdrawer }) {
  return (
    <p className="text-xs text-gray-600">
      {w.sales} sales · {w.feedback} positive feedback
      {w.figures ? (
        <>
          <br />
          <FiguresLine f={w.figures} />
        </>
      ) : null}
    </p>
  );
}

/** The withdrawer's tags as badges; nothing when there are none. */
export function WithdrawerTags({ tags, className }: { tags: string[]; className: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={`${className} flex flex-wrap gap-1`} aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          <StatusBadge tone="brand">{t}</StatusBadge>
        </li>
      ))}
    </ul>
  );
}
