/**
 * What the point mall gives a user to wear (docs/decisions/0052-mall-delivery.md), drawn wherever
 * their avatar or nickname is: a frame around the avatar, in place of the level's ring, and a
 * badge beside the nickname with its words as its accessible name. The backend sends them only
 * while they last (frame, badge: absent or null when none).
 *
 *   <AdornedAvatar src={u.avatar} size={44} frame={u.frame} />
 *   <MallBadge badge={u.badge} compact />
 */
import { Avatar } from "~/components/ui/Avatar";
import { ShieldIcon } from "~/components/ui/Icon";
import { cx } from "~/components/ui/cx";

/** Each frame look the mall sells, as a gradient ring; an unknown look is drawn gold. */
const FRAME_LOOKS: Record<string, string> = {
  gold: "bg-[conic-gradient(from_45deg,#fde68a,#b45309,#fcd34d,#92400e,#fde68a)]",
  silver: "bg-[conic-gradient(from_45deg,#f3f4f6,#6b7280,#e5e7eb,#4b5563,#f3f4f6)]",
};

/**
 * The avatar, in its mall frame when it wears one. The frame takes the avatar's own box (`size`),
 * the picture shrinks inside it, so a row looks the same with or without one.
 */
export function AdornedAvatar({ src, size, frame, className }: { src?: string | null; size: number; frame?: string | null; className?: string }) {
  if (!frame) return <Avatar src={src} size={size} className={className} />;
  const large = size >= 64;
  const width = large ? 6 : 3;
  return (
    <span
      className={cx("inline-flex shrink-0 items-center justify-center rounded-full", FRAME_LOOKS[frame] ?? FRAME_LOOKS.gold, className)}
      style={{ width: size, height: size, padding: width }}
      data-testid="mall-frame"
      data-frame={frame}
      aria-hidden="true"
    >
      <Avatar src={src} size={size - 2 * width} className={large ? "ring-2 ring-white" : "ring-1 ring-white"} />
    </span>
  );
}

/**
 * The badge beside a nickname: a shield and its words ("Trusted Trader"). `compact` (offer rows,
 * conversation lists) shows the shield alone; its words stay its accessible name and its tooltip.
 */
export function MallBadge({ badge, compact = false, className }: { badge?: string | null; compact?: boolean; className?: string }) {
  if (!badge) return null;
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center gap-0.5 rounded-full text-xs font-semibold text-amber-800",
        compact ? "" : "bg-amber-50 py-0.5 pl-1 pr-2 ring-1 ring-inset ring-amber-300",
        className,
      )}
      title={compact ? badge : undefined}
      data-testid="mall-badge"
    >
      <ShieldIcon className={compact ? "h-4 w-4 text-amber-600" : "h-3.5 w-3.5 text-amber-600"} />
      <span className={compact ? "sr-only" : undefined}>{badge}</span>
    </span>
  );
}
