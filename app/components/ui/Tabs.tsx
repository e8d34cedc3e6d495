/**
 * URL-driven tabs: each tab is a link, so they work without JavaScript, can be
 * bookmarked and shared, and the Back button moves between them. The route
 * (a child route per tab, or a `$label` param) renders the panel.
 *
 *   <Tabs label="Orders" tabs={[
 *     { to: "/orders/ongoing", label: "Ongoing", count: 3 },
 *     { to: "/orders/done", label: "Done" },
 *   ]} />
 *
 * The active tab is a NavLink with aria-current="page" (this is navigation,
 * not an ARIA tablist). For tabs in the query string (`?status=1`), NavLink
 * cannot tell them apart: pass `current` on each item yourself:
 *
 *   const status = params.get("status") ?? "0";
 *   tabs={STATUSES.map((s) => ({ to: `?status=${s.id}`, label: s.name, current: status === String(s.id) }))}
 */
import type { ReactNode } from "react";
import { Link, NavLink, type LinkProps } from "@remix-run/react";
import { CountBadge } from "./Badge";
import { cx } from "./cx";

type To = LinkProps["to"];


export interface TabItem {
  /** Where the tab goes. */
  to: To;
  /** Visible text. */
  label: ReactNode;
  /** Optional count badge (hidden for 0, "99+" above 99). */
  count?: number;
  /** Words for the count, for screen readers ("new"). */
  countLabel?: string;
  /** NavLink `end`: only active on an exact path match. */
  end?: boolean;
  /** Force the active state (query-string tabs); otherwise NavLink decides from the path. */
  current?: boolean;
  /** React key; defaults to `to` when it is a string. */
  key?: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab bar ("Order status"). */
  label: string;
  /** Keep the scroll position when switching tabs. Default true. */
  preventScrollReset?: boolean;
  /** Replace the history entry instead of pushing one. Default false. */
  replace?: boolean;
  /** Tabs share the width equally (good for 2-4 tabs on a phone). Default false: they take their
   * own width and wrap onto a second row when they do not fit, so every tab and the current one
   * are always in sight (a bar that scrolled sideways hid the staff desk's last tabs, the current
   * one included, with nothing to say it scrolled). */
  fill?: boolean;
  className?: string;
}

// The focus ring is drawn inside the tab, so a neighbour or the row below never covers it.
const tabBase =
  "inline-flex h-11 items-center justify-center gap-1.5 whitespace-nowrap border-b-2 px-3 text-sm font-medium no-underline transition-colors focus-visible:-outline-offset-2";
const tabActive = "border-brand-600 text-brand-700";
const tabIdle = "border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900";

export function Tabs({ tabs, label, preventScrollReset = true, replace = false, fill = false, className }: TabsProps) {
  return (
    <nav aria-label={label} className={cx("border-b border-gray-200", className)}>
      <ul className={cx("-mb-px flex", fill ? "overflow-x-auto" : "flex-wrap gap-x-1")}>
        {tabs.map((t, i) => {
          const key = t.key ?? (typeof t.to === "string" ? t.to : String(i));
          const inner = (
            <>
              <span>{t.label}</span>
              <CountBadge count={t.count} label={t.countLabel} />
            </>
          );
          // data-replace: the touches script replaces the history entry on an islands-only page (app/touches/replace-links.ts).
          const common = { to: t.to, preventScrollReset, replace, "data-replace": replace ? "" : undefined };
          return (
            <li key={key} className={fill ? "flex-1" : undefined}>
              {t.current === undefined ? (
                <NavLink
                  {...common}
                  end={t.end}
                  className={({ isActive }) => cx(tabBase, fill && "w-full", isActive ? tabActive : tabIdle)}
                >
                  {inner}
                </NavLink>
              ) : (
                <Link
                  {...common}
                  aria-current={t.current ? "page" : undefined}
                  className={cx(tabBase, fill && "w-full", t.current ? tabActive : tabIdle)}
                >
                  {inner}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
