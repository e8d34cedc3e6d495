/**
 * A conversation as the server renders it (no JavaScript needed): the newest 15
 * messages (or 15 older ones through ?before=), an "Older messages" link, and a plain
 * form that posts text, so a seller whose browser runs no JavaScript can still answer
 * a merchant. With JavaScript the live island replaces it once loaded.
 */
import type { ChatMessage } from "../../../contract/chat-protocol";
import type { PendingMessage } from "~/chat/model";
import { CHAT_SEND_INTENT_NAME } from "./chat-shared";
import { MessageItems } from "./MessageList";
import { cx } from "~/components/ui/cx";
import { buttonClasses } from "~/components/ui";
import { Link } from "@remix-run/react";
import { CsrfField } from "~/components/ui/Form";

export interface StaticView {
  messageList: ChatMessage[];
  nextReqMessageID: string;
  isCompleted: boolean;
  latest: boolean;
}

export interface ChatStaticProps {
  view: StaticView | null;
  readOnly: boolean;
  /** Why the conversation could not be shown (the service's msg), or a note (Tencent needs JavaScript). */
  notice?: string | null;
  /** The no-JS form. */
  form: {
    action: string;
    clientMsgId: string;
    redirectTo?: string;
    /** The refusal of the last post ('Order finished', ...) and the text to give back. */
    error?: string | null;
    text?: string;
  };
  olderHref: (before: string) => string;
  newestHref: string;
  /** Fill the height of the parent (the message centre) rather than flowing. */
  fill?: boolean;
  readOnlyText?: string;
  /** A link beside the read-only line (a blocked conversation: the user's page, where the block is undone). */
  readOnlyLink?: { to: string; label: string };
}

/** Why a conversation has no input box, where the input box would be. */
export function ReadOnlyLine({ text, link }: { text?: string; link?: { to: string; label: string } }) {
  return (
    <p className="border-t border-gray-200 px-3 py-3 text-center text-sm text-gray-600" data-testid="chat-readonly">
      {text ?? "This conversation is read-only."}
      {link ? (
        <>
          {" "}
          <Link to={link.to} className="font-medium text-brand-700 underline">
            {link.label}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The server-rendered conversation. With no view (the service did not answer, or Tencent's chat needs JavaScript) there is no form either. */
export function ChatStatic({ view, readOnly, notice, form, olderHref, newestHref, fill, readOnlyText, readOnlyLink }: ChatStaticProps) {
  // A post refused as the conversation closed (a finished order, a block): what was typed stays, marked, as with JavaScript.
  const unsent: PendingMessage[] =
    readOnly && form.error && form.text?.trim()
      ? [{ clientMsgId: form.clientMsgId, conversationID: "", type: "TIMTextElem", text: form.text, time: 0, error: form.error }]
      : [];
  return (
    <div className={cx("flex min-h-0 flex-col", fill && "h-full")} data-chat="static">
      <div className={cx("flex-1 px-3 py-3", fill && "min-h-0 overflow-y-auto")} id="chat-top">
        {view && !view.isCompleted ? (
          <p className="mb-3 text-center">
            <Link to={olderHref(view.nextReqMessageID)} className="text-sm font-medium text-brand-700 underline" data-testid="chat-older-link">
              Older messages
            </Link>
          </p>
        ) : null}
        {notice ? <p className="mb-3 rounded-lg bg-gray-50 p-3 text-sm text-gray-700">{notice}</p> : null}
        {view && view.messageList.length + unsent.length > 0 ? (
          <MessageItems messages={view.messageList} pending={unsent} />
        ) : view ? (
          <p className="py-8 text-center text-sm text-gray-600">No messages yet. Say hello.</p>
        ) : null}
        {view && !view.latest ? (
          <p className="mt-3 text-center">
            <Link to={newestHref} className="text-sm font-medium text-brand-700 underline">
              Newest messages
            </Link>
          </p>
        ) : null}
        <div id="chat-end" />
      </div>
      {readOnly && form.error && unsent.length === 0 ? (
        // The last post was refused and the conversation is now closed, with nothing typed to show.
        <p role="alert" className="border-t border-gray-200 px-3 pt-3 text-center text-sm font-medium text-money-out-700" data-testid="chat-send-error">
          {form.error}
        </p>
      ) : null}
      {!view ? null : readOnly ? (
        <ReadOnlyLine text={readOnlyText} link={readOnlyLink} />
      ) : (
        <form method="post" action={form.action} className="border-t border-gray-200 p-3" data-testid="chat-form-nojs">
          <CsrfField />
          <input type="hidden" name="intent" value={CHAT_SEND_INTENT_NAME} />
          <input type="hidden" name="clientMsgId" value={form.clientMsgId} />
          {form.redirectTo ? <input type="hidden" name="redirectTo" value={form.redirectTo} /> : null}
          <label htmlFor="chat-text-nojs" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-text-nojs"
            name="text"
            rows={3}
            required
            maxLength={2000}
            defaultValue={form.text ?? ""}
            aria-invalid={form.error ? true : undefined}
            aria-describedby={form.error ? "chat-error-nojs" : undefined}
            className="block w-full resize-y rounded-lg border border-gray-300 px-3 py-2 text-base text-gray-900 focus:border-brand-600"
            placeholder="Type a message"
          />
          <p id="chat-error-nojs" role={form.error ? "alert" : undefined} className="min-h-5 pt-1 text-sm font-medium text-money-out-700">
            {form.error ?? ""}
          </p>
          <div className="flex justify-end">
            <button type="submit" className={buttonClasses({ size: "sm" })}>
              Send
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
