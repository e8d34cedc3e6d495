/**
 * Chat messages as bubbles: ours on the right (with 'Read' / 'Unread'), theirs on the
 * left; text keeps its line breaks; pictures are <img> with their size (nothing jumps),
 * voice is <audio controls>; system messages link to their order or withdrawal.
 * Used by the server-rendered view and by the live island alike.
 */
import { Link } from "@remix-run/react";
import type { ChatMessage } from "../../../contract/chat-protocol";
import type { PendingMessage } from "~/chat/model";
import { cx } from "~/components/ui/cx";
import { Button, DateTime, Spinner } from "~/components/ui";

const IMG_MAX = 220;

function imageBox(width: number, height: number): { width: number; height: number } {
  if (!width || !height) return { width: IMG_MAX, height: IMG_MAX };
  const scale = Math.min(1, IMG_MAX / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function Body({ m }: { m: Pick<ChatMessage, "type" | "payload"> }) {
  const p = m.payload as { text?: string; imageInfoArray?: Array<{ url: string; width: number; height: number }>; url?: string; second?: number };
  if (m.type === "TIMImageElem") {
    const img = p.imageInfoArray?.[0];
    if (!img) return <span className="italic">[Picture]</span>;
    const box = imageBox(img.width, img.height);
    return (
      <a href={img.url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={img.url}
          alt="Picture"
          width={box.width}
          height={box.height}
          loading="lazy"
          className="h-auto max-w-full rounded-lg bg-gray-100"
          style={{ aspectRatio: `${box.width} / ${box.height}` }}
          data-testid="chat-image"
        />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  if (m.type === "TIMSoundElem") {
    return (
      <span className="flex items-center gap-2">
        <audio controls preload="none" src={p.url} className="h-10 w-56 max-w-full" data-testid="chat-audio">
          <a href={p.url}>Voice message</a>
        </audio>
        <span className="num text-sm">{p.second ?? 0}″</span>
      </span>
    );
  }
  return <span className="whitespace-pre-wrap wrap-anywhere">{p.text ?? ""}</span>;
}

function RefLink({ m }: { m: ChatMessage }) {
  if (!m.ref) return null;
  const to = m.ref.type === "order" ? `/orderDetails/${m.ref.id}` : `/withdrawDetails/${m.ref.id}`;
  return (
    <Link to={to} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
      {m.ref.type === "order" ? `View order ${m.ref.id}` : `View withdrawal ${m.ref.id}`}
    </Link>
  );
}

function bubbleClass(out: boolean, media: boolean) {
  return cx(
    "max-w-[85%] rounded-2xl text-[15px] leading-snug shadow-sm sm:max-w-[75%]",
    media ? "p-1.5" : "px-3 py-2",
    out ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-white text-gray-900 ring-1 ring-gray-200",
  );
}

export function MessageBubble({ m }: { m: ChatMessage }) {
  const out = m.flow === "out";
  const media = m.type !== "TIMTextElem";
  return (
    <li className={cx("flex flex-col", out ? "items-end" : "items-start")} data-message-id={m.ID} data-flow={m.flow} data-testid="chat-message">
      <div className={bubbleClass(out, media)}>
        <Body m={m} />
      </div>
      {!out ? <RefLink m={m} /> : null}
      <p className="mt-0.5 flex items-center gap-2 px-1 text-xs text-gray-600">
        <DateTime ms={m.time * 1000} />
        {out ? (
          <span className={cx("font-medium", m.isRead ? "text-money-in-700" : "text-gray-600")} data-testid="chat-receipt">
            {m.isRead ? "Read" : "Unread"}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** What may be done with a message the service refused: send it again (while the conversation is open), or remove it. */
export interface PendingActions {
  onRetry?: (clientMsgId: string) => void;
  onRemove?: (clientMsgId: string) => void;
}

/** Retry and Remove are a thumb's target (44 × 44 px: the md button's height, this width), not a word of small print. */
const PENDING_ACTION = "min-w-11";

export function PendingBubble({ p, onRetry, onRemove }: { p: PendingMessage } & PendingActions) {
  const media = p.type !== "TIMTextElem";
  return (
    <li className="flex flex-col items-end" data-testid="chat-pending" data-client-msg-id={p.clientMsgId}>
      <div className={cx(bubbleClass(true, media), p.error ? "opacity-70" : "opacity-80")}>
        {p.type === "TIMImageElem" && p.previewUrl ? (
          <img src={p.previewUrl} alt="Picture" width={160} height={120} className="h-auto max-w-[160px] rounded-lg object-cover" />
        ) : p.type === "TIMSoundElem" ? (
          <span className="num">Voice {p.seconds ?? 0}″</span>
        ) : (
          <span className="whitespace-pre-wrap wrap-anywhere">{p.text}</span>
        )}
      </div>
      {p.error ? (
        <div className="mt-0.5 flex max-w-[85%] flex-col items-end gap-1 px-1 text-xs sm:max-w-[75%]">
          <p role="alert" className="text-right font-medium text-money-out-700" data-testid="chat-send-error">
            Not sent: <span>{p.error}</span>
          </p>
          <p className="flex gap-2">
            {onRetry ? (
              <Button type="button" variant="secondary" className={PENDING_ACTION} onClick={() => onRetry(p.clientMsgId)}>
                Retry
              </Button>
            ) : null}
            {onRemove ? (
              <Button type="button" variant="ghost" className={PENDING_ACTION} onClick={() => onRemove(p.clientMsgId)}>
                Remove
              </Button>
            ) : null}
          </p>
        </div>
      ) : (
        <p className="mt-0.5 flex items-center gap-2 px-1 text-xs">
          <span className="inline-flex items-center gap-1 text-gray-600">
            <Spinner className="h-3 w-3" /> Sending…
          </span>
        </p>
      )}
    </li>
  );
}

export function MessageItems({
  messages,
  pending = [],
  onRetry,
  onRemove,
}: {
  messages: readonly ChatMessage[];
  pending?: readonly PendingMessage[];
} & PendingActions) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages">
      {messages.map((m) => (
        <MessageBubble key={m.ID} m={m} />
      ))}
      {pending.map((p) => (
        <PendingBubble key={p.clientMsgId} p={p} onRetry={onRetry} onRemove={onRemove} />
      ))}
    </ol>
  );
}
