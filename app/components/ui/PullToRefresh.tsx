/**
 * Refresh for a list page (docs/product/membership.md#point-mall; other lists may use it): without
 * JavaScript a plain GET link to the same page, hydrated a revalidation of the route's loader data
 * in place. Its pull-down twin is ui/pull-indicator.tsx.
 *
 *   <RefreshLink to="?tab=mall" />
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { cx } from "./cx";
/** "Refresh": a plain link to `to` without JavaScript, a revalidation in place with it. */
export function RefreshLink({ to, className }: { to: string; className?: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <Link
      to={to}
      preventScrollReset
      aria-disabled={busy || undefined}
      className={cx("text-sm font-medium text-brand-700 underline underline-offset-2", className)}
      onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        if (!busy) revalidator.revalidate();
      }}
      data-testid="refresh-link"
    >
      {busy ? "Refreshing…" : "Refresh"}
    </Link>
  );
}
