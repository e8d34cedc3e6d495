/**
 * The end of an infinite list: the text "no more", centred and muted.
 *
 *   {!hasMore && items.length > 0 ? <NoMore /> : null}
 */
import { cx } from "./cx";

export interface NoMoreProps {
  className?: string;
  /** Default "no more"; Vip Records say "- no more -" (docs/product/screens.md). */
  text?: string;
}

export function NoMore({ className, text = "no more" }: NoMoreProps) {
  return <p className={cx("py-4 text-center text-sm text-gray-600", className)}>{text}</p>;
}
