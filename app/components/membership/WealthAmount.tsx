import { formatWealth } from "~/services/money/format";
import { cx } from "~/components/ui/cx";

/** A signed points amount (docs/product/screens.md, docs/product/constants.md): green when positive, red otherwise, tabular figures. */
export function WealthAmount({ value, className }: { value: number; className?: string }) {
  return <span className={cx("font-semibold tabular-nums", value > 0 ? "text-green-700" : "text-red-700", className)}>{formatWealth(value)}</span>;
}

/** A points balance or price: no sign ("0" when empty), as the formatter gives it without the plus. */
export function points(value: number): string {
  return formatWealth(value).replace(/^\+/, "");
}
