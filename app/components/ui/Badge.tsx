/**
 * Badges.
 *
 *   <CountBadge count={unread} label="unread messages" />   → "3", "99+", nothing for 0
 *   <StatusBadge tone="wait">Pending</StatusBadge>           → a coloured pill
 *
 * Tones follow docs/product/look.md: success = money in / done (green), danger = money out /
 * failed / cancelled (red), wait = waiting, timers (amber), brand = in
 * progress / highlighted, neutral = the rest. Use the status names of docs/product/statuses.md.
 */
import type { ReactNode } from "react";
import { formatBadge } from "../../services/money/format";
import { cx } from "./cx";


export interface CountBadgeProps {
  /** The count; 0, negative or missing renders nothing. Capped at "99+". */
  count: number | null | undefined;
  /** Screen-reader words after the number ("unread messages"). */
  label?: string;
  /** "inline" sits in text; "dot" is positioned by the caller (absolute on an icon). Default "inline". */
  variant?: "inline" | "dot";
  className?: string;
}

/** A red count pill; renders nothing when there is nothing to count. */
export function CountBadge({ count, label, variant = "inline", className }: CountBadgeProps) {
  const text = formatBadge(count);
  if (!text) return null;
  return (
    <span
      className={cx(
        "num inline-flex min-w-5 items-center justify-center rounded-full bg-money-out-700 px-1.5 text-xs font-semibold leading-5 text-white",
        variant === "dot" && "ring-2 ring-white",
        className,
      )}
    >
      {text}
      {label ? <span className="sr-only"> {label}</span> : null}
    </span>
  );
}

export type BadgeTone = "success" | "danger" | "wait" | "neutral" | "brand";

const tones: Record<BadgeTone, string> = {
  success: "bg-money-in-50 text-money-in-800 ring-money-in-200",
  danger: "bg-money-out-50 text-money-out-800 ring-money-out-200",
  wait: "bg-wait-50 text-wait-800 ring-wait-200",
  neutral: "bg-gray-100 text-gray-700 ring-gray-300",
  brand: "bg-brand-50 text-brand-800 ring-brand-200",
};

export interface StatusBadgeProps {
  /** Colour role. Default "neutral". */
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A status pill with a tone (text stays readable: 6:1 or better). */
export function StatusBadge({ tone = "neutral", children, className }: StatusBadgeProps) {
  return (
    <span
      className={cx(
        "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
