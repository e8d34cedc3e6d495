/**
 * The top bar (docs/product/screens.md). Signed out: Sign In and Sign Up. Signed in: Orders,
 * Withdrawal, Message (badges), Account, Blog, the notification bell and the
 * user dropdown; on phones the main links collapse into a menu button.
 */
import { Link } from "@remix-run/react";
import type { Desks, Notice } from "../../../contract/entities";
import { ButtonLink, LogoMark } from "../ui";
import { contactHref, type Contact } from "~/services/layout/contact";
import { MainNavInline, MainNavMobile } from "./MainNav";
import type { CountKey } from "./nav";
import { NoticeBell } from "./NoticeBell";
import { UserMenu } from "./UserMenu";

export interface TopBarProps {
  user: { nickname: string; avatar: string; desks?: Desks } | null;
  counts: Record<CountKey, number> & { unread: number };
  notices: readonly Notice[];
  contact: Contact;
}

export const BRAND_NAME = "GiftMarket";

export function TopBar({ user, counts, notices, contact }: TopBarProps) {
  const blogUrl = contactHref(contact, "blog");
  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="container flex h-14 items-center gap-2 md:h-16 md:gap-4">
        <Link to="/home" className="flex shrink-0 items-center gap-2 rounded-lg text-gray-900 no-underline">
          <LogoMark className="h-8 w-8" />
          <span className="text-lg font-bold tracking-tight">{BRAND_NAME}</span>
        </Link>
        {user ? (
          <>
            <MainNavInline counts={counts} blogUrl={blogUrl} desks={user.desks} />
            <div className="ml-auto flex items-center gap-0.5 md:gap-1">
              <NoticeBell notices={notices} unread={counts.unread} />
              <UserMenu user={user} />
              <MainNavMobile counts={counts} blogUrl={blogUrl} desks={user.desks} />
            </div>
          </>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <ButtonLink to="/login" variant="secondary" size="sm">
              Sign In
            </ButtonLink>
            <ButtonLink to="/register" size="sm">
              Sign Up
            </ButtonLink>
          </div>
        )}
      </div>
    </header>
  );
}
