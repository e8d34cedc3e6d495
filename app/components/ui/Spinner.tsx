/**
 * A small inline spinner (currentColor, so it takes the text colour).
 *
 * Decorative by default (aria-hidden). Pass `label` when the spinner is the
 * only sign of work on screen: it then becomes a polite status with that text
 * for screen readers. Inside a busy Button no label is needed (the button has
 * aria-busy). Where the layout is known, prefer <Skeleton> (docs/product/look.md).
 *
 * The rotation runs only when the user has not asked for reduced motion.
 */
import { cx } from "./cx";

export interface SpinnerProps {
  /** Size and colour classes. Default "h-4 w-4". */
  className?: string;
  /** Screen-reader text ("Loading"); without it the spinner is decorative. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const svg = (
    <svg
      className={cx("motion-safe:animate-spin", className ?? "h-4 w-4")}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
