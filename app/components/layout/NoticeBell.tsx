/**
 * The notification bell (spec §2): a popover with the latest notices,
 * "Mark all as read" and "View all". Without JavaScript, and with it until the
 * bell is first touched, the bell is a plain link to /noticeList; then a
 * Headless UI Popover (ADR 0028). Opening a notice goes through /notices/{id},
 * which marks it read.
 */
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useHeadlessOnTouch } from "~/components/ui/headless";
import type { Notice } from "../../../contract/entities";
import { BellIcon, Button, CountBadge } from "../ui";
import { NoticeSummary } from "~/components/notices/NoticeSummary";
import { noticeOpenHref } from "~/services/notices";
import { Form } from "~/components/ui/Form";

export interface NoticeBellProps {
  notices: readonly Notice[];
  unread: number;
}

const iconButton =
  "relative inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-900";

function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <BellIcon className="h-6 w-6" />
      <span className="sr-only">Notifications</span>
      <CountBadge count={unread} label="unread" variant="dot" className="absolute -right-0.5 -top-0.5" />
    </>
  );
}

export function NoticeBell({ notices, unread }: NoticeBellProps) {
  const { hl, trigger, ref: buttonRef } = useHeadlessOnTouch();
  const location = useLocation();
  const navigation = useNavigation();
  const marking = navigation.state === "submitting" && navigation.formAction === "/notices/read-all";

  if (!hl) {
    return (
      <Link to="/noticeList" className={iconButton} {...trigger}>
        <BellFace unread={unread} />
      </Link>
    );
  }

  const shown = notices.slice(0, 6);
  const { Popover, PopoverButton, PopoverPanel, CloseButton } = hl;
  return (
    <Popover className="md:relative">
      <PopoverButton ref={buttonRef} className={iconButton}>
        <BellFace unread={unread} />
      </PopoverButton>
      <PopoverPanel
        data-testid="notice-popover"
        className="absolute inset-x-2 top-full z-50 mt-1 flex max-h-[70vh] flex-col overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-gray-200 md:inset-x-auto md:right-0 md:w-96"
      >
        <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
          <h2 className="text-base font-semibold">Notifications</h2>
          {unread > 0 ? <span className="text-sm text-gray-600">{unread} unread</span> : null}
        </div>
        {shown.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-gray-600">No notifications yet.</p>
        ) : (
          <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto">
            {shown.map((n) => (
              <li key={n.id}>
                <CloseButton
                  as={Link}
                  to={noticeOpenHref(n)}
                  // Inset ring: the list scrolls inside a clipped panel, which would cut an outer ring.
                  className="flex gap-3 px-4 py-3 no-underline hover:bg-gray-50 focus-visible:-outline-offset-2"
                >
                  <NoticeSummary notice={n} />
                </CloseButton>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2 border-t border-gray-100 px-4 py-2">
          <Form method="post" action="/notices/read-all">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Button type="submit" variant="ghost" size="sm" busy={marking} disabled={unread === 0}>
              Mark all as read
            </Button>
          </Form>
          <CloseButton as={Link} to="/noticeList" className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
            View all
          </CloseButton>
        </div>
      </PopoverPanel>
    </Popover>
  );
}
