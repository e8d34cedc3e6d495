/**
 * The one layout of a detail page: an order or a withdrawal, as the seller, the merchant, the
 * withdrawer or staff reads it. Each side passes its own header, panels, actions and words
 * (ADR 0062: every side its own screen); the layout only places them: the back link, the header,
 * a notice across the page, then two columns on a wide screen (one on a phone): the page's panels
 * in their order, and beside them what runs alongside (facts, chat) above the timeline.
 */
import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/BackLink";
import { cx } from "~/components/ui/cx";

/** How wide the main column is beside the side one (written whole: tailwind reads class names as text). */
const SPLITS = {
  order: "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]",
  withdrawal: "lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]",
  even: "lg:grid-cols-2",
} as const;

export function DetailPage({
  back,
  header,
  notice,
  main,
  aside,
  chat,
  timeline,
  split,
}: {
  /** The page above this one, for the back link (SafeBack: history first). */
  back: { to: string; label: string };
  header: ReactNode;
  /** Across the page under the header (the seller's Cancel Tips). */
  notice?: ReactNode;
  /** The main column: the actions, facts and media in the order this side reads them. */
  main: ReactNode;
  /** The side column's own panels, above the chat. */
  aside?: ReactNode;
  chat?: ReactNode;
  timeline: ReactNode;
  split: keyof typeof SPLITS;
}) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <BackLink to={back.to}>{back.label}</BackLink>
      {header}
      {notice}
      <div className={cx("grid gap-4 lg:items-start", SPLITS[split])}>
        <div className="flex flex-col gap-4">{main}</div>
        <div className="flex flex-col gap-4">
          {aside}
          {chat}
          {timeline}
        </div>
      </div>
    </div>
  );
}
