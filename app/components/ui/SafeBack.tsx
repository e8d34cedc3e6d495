/**
 * Safe-back (docs/product/screens.md): back in history when the user came from a page of ours, else to `to` (the
 * parent page, or /home) without leaving a dead entry. Without JavaScript it is a plain link to `to`; on an
 * islands-only page the touches do the same (app/touches/safe-back.ts, found by `data-safe-back`).
 */
import { Link, useLocation, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { ArrowLeftIcon } from "./Icon";
import { isInAppEntry } from "./kept-alive";

/**
 * Whether the previous history entry is a page of ours: a navigation inside the app (any entry but
 * the one the app was loaded on), or a page load whose referrer is our own origin.
 */
function cameFromInside(locationKey: string): boolean {
  if (isInAppEntry(locationKey)) return true;
  try {
    return window.history.length > 1 && document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function SafeBack({ to = "/home", children, className }: { to?: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (cameFromInside(location.key)) navigate(-1);
    else navigate(to, { replace: true });
  }
  return (
    <Link to={to} onClick={onClick} data-safe-back="" className={className ?? "inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"}>
      <ArrowLeftIcon className="h-4 w-4" />
      {children}
    </Link>
  );
}
