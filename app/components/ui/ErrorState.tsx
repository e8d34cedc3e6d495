/**
 * What a list or panel shows when loading failed: the spec's message and a
 * way to retry (docs/product/messages.md: "Failed to load orders", "load fail", ...).
 *
 *   <ErrorState message="Failed to load orders" />            retry = reload this URL (a link, no JS needed)
 *   <ErrorState message="load fail" retryTo="/orders?page=2" />
 *   <ErrorState message="load fail" onRetry={() => fetcher.load(url)} />   button once hydrated, link before
 *
 * The retry is a plain link until JavaScript is running, so it always works.
 */
import type { ReactNode } from "react";
import { Link, useLocation, type LinkProps } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClasses } from "./Button";
import { cx } from "./cx";

type To = LinkProps["to"];


export interface ErrorStateProps {
  /** The spec's message. Default "load fail". */
  message?: ReactNode;
  /** Where Retry goes. Default: the current URL (a reload through the loader). */
  retryTo?: To;
  /** With JavaScript, Retry calls this instead of navigating. */
  onRetry?: () => void;
  /** Default "Retry". */
  retryLabel?: string;
  /** Disable the retry button while a retry runs. */
  retrying?: boolean;
  className?: string;
}

export function ErrorState({
  message = "load fail",
  retryTo,
  onRetry,
  retryLabel = "Retry",
  retrying = false,
  className,
}: ErrorStateProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const to: To = retryTo ?? { pathname: location.pathname, search: location.search };
  return (
    <div role="alert" className={cx("flex flex-col items-center px-4 py-8 text-center", className)}>
      <p className="text-sm font-medium text-money-out-700">{message}</p>
      <div className="mt-3">
        {onRetry && hydrated ? (
          <Button type="button" variant="secondary" size="sm" busy={retrying} onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : (
          <Link to={to} preventScrollReset className={buttonClasses({ variant: "secondary", size: "sm" })}>
            {retryLabel}
          </Link>
        )}
      </div>
    </div>
  );
}
