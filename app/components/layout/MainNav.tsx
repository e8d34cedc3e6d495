/**
 * The signed-in main links: Orders, Withdrawal, Message (with badges),
 * Account and Blog. Inline on desktop; on phones they collapse into a menu
 * button: a <details> without JavaScript and until it has been used once, then a
 * Headless UI Popover (ADR 0028).
 */
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useHeadlessOnTouch, type Headless } from "~/components/ui/headless";
import { CloseIcon, CountBadge, ExternalLink, MenuIcon } from "../ui";
import { cx } from "~/components/ui/cx";
import { mainNavOf, type CountKey } from "./nav";

export interface MainNavProps {
  counts: Record<CountKey, number>;
  /** contact.blog, already checked to be an http(s) address. */
  blogUrl?: string;
  /** The user's desks: the Desk link for merchants. */
  desks?: Partial<Record<"merchant" | "withdrawer" | "staff", boolean>>;
}

const desktopLink = (active: boolean) =>
  cx(
    "inline-flex h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium no-underline",
    active ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
  );

const mobileLink = (active: boolean) =>
  cx(
    "flex h-12 items-center justify-between gap-2 rounded-lg px-3 text-base font-medium no-underline",
    active ? "bg-brand-50 text-brand-700" : "text-gray-800 hover:bg-gray-50",
  );

/** Desktop: the links inline (hidden on phones). */
export function MainNavInline({ counts, blogUrl, desks }: MainNavProps) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {mainNavOf(desks).map((i) => (
          <li key={i.to}>
            <NavLink to={i.to} className={({ isActive }) => desktopLink(isActive)}>
              {i.label}
              {i.count ? <CountBadge count={counts[i.count]} label={i.countLabel} /> : null}
            </NavLink>
          </li>
        ))}
        {blogUrl ? (
          <li>
            <ExternalLink href={blogUrl} className={desktopLink(false)} icon="h-3.5 w-3.5">
              Blog
            </ExternalLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** `hl` given: each link also closes the popover it is in. */
function MobileLinks({ counts, blogUrl, desks, hl }: MainNavProps & { hl?: Headless }) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1 p-2">
      {mainNavOf(desks).map((i) => {
        const content = (
          <>
            <span>{i.label}</span>
            {i.count ? <CountBadge count={counts[i.count]} label={i.countLabel} /> : null}
          </>
        );
        const active = pathname === i.to || pathname.startsWith(`${i.to}/`);
        const props = { to: i.to, className: mobileLink(active), "aria-current": active ? ("page" as const) : undefined };
        return (
          <li key={i.to}>
            {hl ? (
              <hl.CloseButton as={Link} {...props}>
                {content}
              </hl.CloseButton>
            ) : (
              <Link {...props}>{content}</Link>
            )}
          </li>
        );
      })}
      {blogUrl ? (
        <li>
          <ExternalLink href={blogUrl} className={mobileLink(false)} icon="h-4 w-4 text-gray-600">
            <span>Blog</span>
          </ExternalLink>
        </li>
      ) : null}
    </ul>
  );
}

const toggle =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-900";
const sheet =
  "absolute inset-x-0 top-full z-40 border-b border-gray-200 bg-white shadow-lg";

/** Phones: a menu button that opens the links under the top bar. */
export function MainNavMobile({ counts, blogUrl, desks }: MainNavProps) {
  const { hl, trigger, standIn, ref } = useHeadlessOnTouch();
  const pending = mainNavOf(desks).some((i) => i.count && counts[i.count] > 0);
  const dot = pending ? (
    <span aria-hidden="true" className="absolute right-1.5 top-1.5 h-2.5 w-2.5 rounded-full bg-money-out-700 ring-2 ring-white" />
  ) : null;

  if (!hl) {
    return (
      <details className="group md:hidden" data-menu="main" {...standIn}>
        <summary {...trigger} className={cx(toggle, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
          <MenuIcon className="h-6 w-6 group-open:hidden" />
          <CloseIcon className="hidden h-6 w-6 group-open:block" />
          <span className="sr-only">Menu</span>
          {dot}
        </summary>
        <nav aria-label="Main" className={sheet}>
          <MobileLinks counts={counts} blogUrl={blogUrl} desks={desks} />
        </nav>
      </details>
    );
  }

  return (
    <hl.Popover className="md:hidden" data-menu="main">
      {({ open }) => (
        <>
          <hl.PopoverButton ref={ref} className={toggle}>
            {open ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">Menu</span>
            {dot}
          </hl.PopoverButton>
          <hl.PopoverPanel as="nav" aria-label="Main" className={sheet}>
            <MobileLinks counts={counts} blogUrl={blogUrl} desks={desks} hl={hl} />
          </hl.PopoverPanel>
        </>
      )}
    </hl.Popover>
  );
}
