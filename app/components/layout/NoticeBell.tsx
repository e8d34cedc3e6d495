/**
 * The notification bell (docs/product/screens.md): a popover with the latest notices,
 * "Mark all as read" and "View all". Without JavaScript, and with it until the
 * bell is first touched, the bell is a plain link to /noticeList; then a
 * Headless UI Popover (ADR 0028), whose code (NoticeBell.lazy.tsx) arrives with Headless UI.
 * Opening a notice goes through /notices/{id},
 * which marks it read.
 */
import { Link } from "@remix-run/react";
import { useHeadlessOnTouch } from "~/components/ui/headless";
import { lazyModule } from "~/components/ui/lazy";
import type { Notice } from "../../../contract/entities";
import { BellIcon, CountBadge } from "../ui";

export interface NoticeBellProps {
  notices: readonly Notice[];
  unread: number;
}

/** The popover itself, fetched with Headless UI when the bell is first touched. */
const popover = lazyModule(() => import("./NoticeBell.lazy"));

export const iconButton =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-900";

export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon className="h-6 w-6" />
      <span className="sr-only">Notifications</span>
      <CountBadge count={unread} label="unread" variant="dot" className="absolute -right-0.5 -top-0.5" />
    </>
  );
}

export function NoticeBell({ notices, unread }: NoticeBellProps) {
  const { hl, part, trigger, ref } = useHeadlessOnTouch(popover);
  if (!hl || !part) {
    return (
      <Link to="/noticeList" className={iconButton} {...trigger}>
        <BellFace unread={unread} />
      </Link>
    );
  }
  return <part.NoticePopover hl={hl} notices={notices} unread={unread} buttonRef={ref} />;
}
