/** The bell's popover (NoticeBell.tsx): the latest notices, "Mark all as read" and "View all". */
import type { RefObject } from "react";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import type { Headless } from "~/components/ui/headless";
import { Button } from "../ui";
import { NoticeSummary } from "~/components/notices/NoticeSummary";
import { noticeOpenHref } from "~/services/notices/index";
import { Form } from "~/components/ui/Form";
import { BellFace, iconButton, type NoticeBellProps } from "./NoticeBell";

export function NoticePopover({ hl, notices, unread, buttonRef }: NoticeBellProps & { hl: Headless; buttonRef: RefObject<HTMLButtonElement> }) {
  const location = useLocation();
  const navigation = useNavigation();
  const marking = navigation.state === "submitting" && navigation.formAction === "/notices/read-all";
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
