/** One notice as the bell and /noticeList show it: an unread dot (and words for screen readers), title, text, time. */
import type { Notice } from "../../../contract/entities";
import { NoticeStatus } from "../../../contract/enums";
import { DateTime } from "~/components/ui";
import { cx } from "~/components/ui/cx";

export function NoticeSummary({ notice: n, clamp = true }: { notice: Notice; clamp?: boolean }) {
  const unread = n.status === NoticeStatus.Unread;
  return (
    <>
      <span aria-hidden="true" className={cx("mt-1.5 h-2 w-2 shrink-0 rounded-full", unread ? "bg-brand-600" : "bg-transparent")} />
      <span className="min-w-0 flex-1">
        <span className={cx("block truncate text-sm text-gray-900", unread ? "font-semibold" : "font-medium")}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {n.titleEn}
        </span>
        <span className={cx("mt-0.5 block text-sm text-gray-600", clamp && "line-clamp-2")}>{n.contentEn}</span>
        <DateTime ms={n.createtime} className="mt-0.5 block text-xs text-gray-600" />
      </span>
    </>
  );
}
