/**
 * Loading placeholders in the shape of what will come (docs/product/look.md prefers them to
 * spinners wherever the layout is known). Decorative: mark the loading region
 * itself with aria-busy="true", or give SkeletonList a `label`.
 *
 *   <Skeleton className="h-6 w-32" />
 *   <SkeletonText lines={3} />
 *   <SkeletonList rows={5} label="Loading orders" />
 */
import { cx } from "./cx";

export interface SkeletonProps {
  /** Size and shape: "h-4 w-24", "h-10 w-10 rounded-full". Default a text line. */
  className?: string;
}

/** One grey pulsing block. */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "block bg-gray-200 motion-safe:animate-pulse",
        !/\brounded/.test(className ?? "") && "rounded-md",
        className ?? "h-4 w-full",
      )}
    />
  );
}

export interface SkeletonTextProps {
  /** Number of lines. Default 3; the last is shorter. */
  lines?: number;
  className?: string;
}

/** A paragraph of text lines. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <span aria-hidden="true" className={cx("flex flex-col gap-2", className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cx("h-4", i === lines - 1 && lines > 1 ? "w-2/3" : "w-full")} />
      ))}
    </span>
  );
}

export interface SkeletonListProps {
  /** Number of rows. Default 5. */
  rows?: number;
  /** Screen-reader status text ("Loading orders"); also sets aria-busy. */
  label?: string;
  className?: string;
}

/** A list of card-like rows: avatar, two lines, an amount on the right. */
export function SkeletonList({ rows = 5, label, className }: SkeletonListProps) {
  return (
    <div className={cx("flex flex-col gap-2", className)} aria-busy={label ? true : undefined}>
      {label ? (
        <span role="status" className="sr-only">
          {label}
        </span>
      ) : null}
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm">
          <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}
