/**
 * The conversation list of the message centre: avatar, name (a verified mark for
 * business users), the order for an order group, the last message, its time and the
 * unread count. Links, so it works without JavaScript; the live island re-renders it
 * with fresh data.
 */
import { Link } from "@remix-run/react";
import type { ChatConversation } from "../../../contract/chat-protocol";
import { SYSTEM_CONVERSATION_ID, conversationTitle, messagePreview } from "~/chat/model";
import { cx } from "~/components/ui/cx";
import { AdornedAvatar, MallBadge } from "~/components/identity/Adornment";
import { Button } from "~/components/ui/Button";
import { BellIcon, CountBadge, useTimeZone, VerifiedIcon } from "~/components/ui";
import { statusLabel } from "~/services/orders/index";
import { formatDayIn, formatTimeIn, sameDayIn } from "~/services/layout/time-zone";
import type { MessageCentreData } from "./centre";
import { conversationHref } from "./chat-shared";

/** The last message's time today, else its day; in the user's zone. */
function when(seconds: number | undefined, timeZone: string): string {
  if (!seconds) return "";
  const ms = seconds * 1000;
  return sameDayIn(ms, Date.now(), timeZone) ? formatTimeIn(ms, timeZone) : formatDayIn(ms, timeZone);
}

/**
 * `page`: the server-rendered list is one page of the conversations, with links to the newest page
 * and the next one (no JavaScript needed). `older`: the live island's list grows instead, a page
 * of older conversations at a time.
 */
export function ConversationList({
  list,
  activeId,
  page,
  older,
}: {
  list: readonly ChatConversation[];
  activeId?: string;
  page?: MessageCentreData["page"];
  older?: { load: () => Promise<void>; pending: boolean };
}) {
  const timeZone = useTimeZone();
  // The system conversation is always on the first page, even before its first message.
  const addSystem = !page?.before && !list.some((c) => c.conversationId === SYSTEM_CONVERSATION_ID);
  const items: ChatConversation[] = addSystem
    ? [{ conversationId: SYSTEM_CONVERSATION_ID, type: "C2C", lastMessage: null, unreadCount: 0, readOnly: true }, ...list]
    : [...list];
  return (
    <nav aria-label="Conversations">
      <ul className="divide-y divide-gray-100" data-testid="conversation-list">
        {items.map((c) => {
          const active = c.conversationId === activeId;
          const system = c.conversationId === SYSTEM_CONVERSATION_ID;
          return (
            <li key={c.conversationId}>
              <Link
                to={`${conversationHref(c.conversationId)}#chat-end`}
                aria-current={active ? "page" : undefined}
                className={cx(
                  // Inset ring: the list scrolls (overflow-y-auto), which would cut an outer ring at the sides.
                  "flex items-center gap-3 px-3 py-3 no-underline focus-visible:-outline-offset-2",
                  active ? "bg-brand-50" : "hover:bg-gray-50",
                )}
                data-conversation-id={c.conversationId}
              >
                {system ? (
                  <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                    <BellIcon className="h-6 w-6" />
                  </span>
                ) : (
                  <AdornedAvatar src={c.peer?.avatar} size={44} frame={c.peer?.frame} />
                )}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1">
                    <span className="truncate font-medium text-gray-900">{conversationTitle(c)}</span>
                    {c.peer?.isBusiness === 1 ? (
                      <>
                        <VerifiedIcon className="h-4 w-4 shrink-0 text-brand-600" />
                        <span className="sr-only">Verified merchant</span>
                      </>
                    ) : null}
                    <MallBadge badge={c.peer?.badge} compact />
                    <span className="ml-auto shrink-0 pl-2 text-xs text-gray-600" suppressHydrationWarning>
                      {when(c.lastMessage?.time, timeZone)}
                    </span>
                  </span>
                  {c.order ? (
                    <span className="block truncate text-xs text-gray-600">
                      Order {c.order.id}
                      {c.order.nameEn ? ` · ${c.order.nameEn}` : ""} · {statusLabel(c.order.status)}
                    </span>
                  ) : null}
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm text-gray-600">
                      {c.lastMessage ? messagePreview(c.lastMessage) : system ? "Order and withdrawal notices" : ""}
                    </span>
                    <CountBadge count={c.unreadCount} label="unread" />
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {page && (page.before || page.next) ? (
        <p className="flex justify-between gap-3 px-3 py-3 text-sm font-medium">
          {page.before ? (
            <Link to="/message" className="text-brand-700 underline" data-testid="conversations-newest">
              Newest conversations
            </Link>
          ) : (
            <span />
          )}
          {page.next ? (
            <Link to={`/message?before=${encodeURIComponent(page.next)}`} className="text-brand-700 underline" data-testid="conversations-older">
              Older conversations
            </Link>
          ) : null}
        </p>
      ) : null}
      {older ? (
        <p className="px-3 py-3 text-center">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            busy={older.pending}
            data-testid="conversations-older"
            onClick={(e) => {
              // The button is busy (disabled) while the page loads, and gone after the last one: keyboard
              // focus moves on to the first of the conversations it brought, where reading goes on.
              const nav = e.currentTarget.closest("nav");
              const shown = nav?.querySelectorAll("a[data-conversation-id]").length ?? 0;
              void older.load().then(() => nav?.querySelectorAll<HTMLElement>("a[data-conversation-id]")[shown]?.focus());
            }}
          >
            Older conversations
          </Button>
        </p>
      ) : null}
    </nav>
  );
}
