/**
 * What a list or panel shows when it has nothing: say so, and say what to do next.
 *
 *   <EmptyState title="No orders yet" description="Sell your first gift card."
 *               action={<ButtonLink to="/home">Sell a card</ButtonLink>} />
 */
import type { ReactNode } from "react";
import { cx } from "./cx";


export interface EmptyStateProps {
  /** One short line ("No orders yet"). */
  title: ReactNode;
  /** What to do next. */
  description?: ReactNode;
  /** A ButtonLink or a small Form. */
  action?: ReactNode;
  /** An icon or a small local image (with width/height). */
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cx("flex flex-col items-center px-4 py-10 text-center", className)}>
      {icon ? <div className="mb-3 text-gray-500">{icon}</div> : null}
      <p className="text-base font-medium text-gray-900">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-sm text-gray-600">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
