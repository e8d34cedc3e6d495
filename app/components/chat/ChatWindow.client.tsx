/**
 * The live chat window (an island: loaded lazily by the routes that show chat, after
 * hydration; docs/architecture.md#rule-7). It starts the shared chat client (runtime.client.ts),
 * shows the conversation as the server rendered it at first, then keeps it live:
 *
 * - new messages and read receipts arrive as they happen; the conversation is marked
 *   read while the window is visible; 'Read' / 'Unread' on our messages;
 * - "Load older" fetches the 15 before the oldest shown (with the 2 s delay of §9);
 * - text: empty or whitespace-only is not sent and Send is disabled; Enter adds a
 *   newline; Ctrl or Alt with Enter sends (docs/product/validation.md);
 * - pictures: jpeg, jpg, gif, png, bmp only ('Unsupport!'), compressed here to 1024 px at
 *   quality 0.8, then 'Confirm to sending the picture?';
 * - voice: up to 15 s, 1 s or less discarded, 16 kHz mono where the browser can;
 * - a refused send stays, marked with the service's msg ('Order finished'), with Retry (while
 *   the conversation is open) and Remove; a refusal as not allowed (a block) closes the input
 *   with its words (ADR 0060); a send on a bad link stays "Sending…" until the service has it
 *   (the adapter resends, never twice stored).
 */
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { readKept, writeKept } from "~/components/ui/kept-alive";
import type { ChatConversation, ChatMessage } from "../../../contract/chat-protocol";
import { MESSAGES } from "../../../contract/messages";
import { Code } from "../../../contract/envelope";
import { IMAGE_ACCEPT } from "~/services/forms/sell";
import { applyReadReceipt, canSendText, isSendKey, mergeMessages, settlePending, voiceClip, type PendingMessage } from "~/chat/model";
import { compressChatImage, isSupportedImage, startRecording, voiceSupported, type Recording } from "~/chat/media.client";
import { ChatSendError, newClientMsgId, type ChatProvider } from "~/chat/port";
import { clearUnreadLocally, useChatRuntime } from "~/chat/runtime.client";
import { cx } from "~/components/ui/cx";
import { Button, ConfirmDialog, Spinner } from "~/components/ui";
import { MicIcon, PictureIcon, SendIcon, StopIcon } from "./icons";
import { MessageItems } from "./MessageList";
import { ReadOnlyLine, type StaticView } from "./ChatStatic";

export interface ChatWindowProps {
  conversationId: string;
  provider: ChatProvider;
  sdkAppId?: number;
  signedIn: boolean;
  /** What the server rendered (built-in chat); null: load through the client. */
  initial: StaticView | null;
  readOnly: boolean;
  readOnlyText?: string;
  readOnlyLink?: { to: string; label: string };
  /** Every message that arrives from someone else, in any conversation (e.g. to refresh an order). */
  onMessage?: (m: ChatMessage) => void;
  /** This conversation changed (e.g. its order's status: refresh the order). */
  onConversation?: (c: ChatConversation) => void;
  className?: string;
}

const NEAR_BOTTOM_PX = 120;

function failText(e: unknown): string {
  if (e instanceof ChatSendError) return e.code === -1 ? MESSAGES.uploadFailed : e.message || MESSAGES.orderFinished;
  return MESSAGES.orderFinished;
}

export default function ChatWindow({
  conversationId,
  provider,
  sdkAppId,
  signedIn,
  initial,
  readOnly: readOnlyProp,
  readOnlyText,
  readOnlyLink,
  onMessage,
  onConversation,
  className,
}: ChatWindowProps) {
  const rt = useChatRuntime({ provider, sdkAppId, signedIn });
  const port = rt.port;
  const [messages, setMessages] = useState<ChatMessage[]>(() => initial?.messageList ?? []);
  const [cursor, setCursor] = useState(() => ({ next: initial?.nextReqMessageID ?? "", completed: initial ? initial.isCompleted : false }));
  const [loaded, setLoaded] = useState(Boolean(initial));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // The unsent draft is kept per conversation for the visit (docs/product/screens.md: /message is kept alive).
  const [text, setTextState] = useState(() => readKept<string>(`draft:${conversationId}`) ?? "");
  const setText = useCallback(
    (v: string) => {
      setTextState(v);
      writeKept(`draft:${conversationId}`, v);
    },
    [conversationId],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [picture, setPicture] = useState<{ blob: Blob; url: string } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [recording, setRecording] = useState<{ rec: Recording; startedAt: number } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const keepOffset = useRef<number | null>(null);
  const lastMarked = useRef<string>("");
  const recordingRef = useRef<Recording | null>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const onConversationRef = useRef(onConversation);
  onConversationRef.current = onConversation;
  // The service says the conversation closed (a finished order; a refusal such as a block, with its words) before the page knows it.
  const [closed, setClosed] = useState<{ text?: string } | null>(null);
  const readOnly = readOnlyProp || closed !== null;

  // ------------------------------------------------------------ data

  // The loader ran again (revalidation, a post): merge what it brought.
  useEffect(() => {
    if (initial) setMessages((cur) => mergeMessages(cur, initial.messageList));
  }, [initial]);

  // Live messages and receipts.
  useEffect(() => {
    if (!port) return;
    const offMessage = port.on("message", (m) => {
      if (m.flow === "in") onMessageRef.current?.(m);
      if (m.conversationID !== conversationId) return;
      setMessages((cur) => mergeMessages(cur, [m]));
      if (m.clientMsgId) setPending((p) => settlePending(p, [m]));
    });
    const offRead = port.on("read", (r) => {
      if (r.conversationId !== conversationId || (rt.me && r.userId === rt.me)) return;
      setMessages((cur) => applyReadReceipt(cur, r.messageId));
    });
    const offConversation = port.on("conversation", (c) => {
      if (c.conversationId !== conversationId) return;
      if (c.readOnly) setClosed({ text: c.readOnlyReason });
      onConversationRef.current?.(c);
    });
    return () => {
      offMessage();
      offRead();
      offConversation();
    };
  }, [port, conversationId, rt.me]);

  // Once the client exists (and after the link comes back): the newest page, so nothing
  // sent between the page's render and the client's start is missed.
  const linkUp = rt.status === "online";
  useEffect(() => {
    if (!port) return;
    let cancelled = false;
    port
      .getMessageList(conversationId)
      .then((page) => {
        if (cancelled) return;
        setMessages((cur) => mergeMessages(cur, page.messageList));
        setPending((p) => settlePending(p, page.messageList));
        if (!loaded) {
          setCursor({ next: page.nextReqMessageID, completed: page.isCompleted });
          setLoaded(true);
        }
      })
      .catch(() => {
        if (!cancelled && !loaded) setNotice("load fail");
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [port, conversationId, linkUp]);

  // Read while shown: mark up to the newest message from the other side.
  const markRead = useCallback(() => {
    if (!port || document.visibilityState === "hidden") return;
    const newestIn = [...messages].reverse().find((m) => m.flow === "in");
    if (!newestIn || newestIn.ID === lastMarked.current) return;
    lastMarked.current = newestIn.ID;
    if (newestIn.isRead) return;
    clearUnreadLocally(conversationId);
    port.markRead(conversationId, newestIn.ID).catch(() => {
      lastMarked.current = "";
    });
  }, [port, messages, conversationId]);

  useEffect(() => {
    markRead();
    const onVisible = () => markRead();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markRead]);

  // ------------------------------------------------------------ scrolling

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (keepOffset.current !== null) {
      el.scrollTop = el.scrollHeight - keepOffset.current;
      keepOffset.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, pending]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (el) stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  async function loadOlder() {
    if (!port || loadingOlder || cursor.completed) return;
    setLoadingOlder(true);
    try {
      const page = await port.getMessageList(conversationId, cursor.next);
      const el = scrollRef.current;
      if (el) keepOffset.current = el.scrollHeight - el.scrollTop;
      setMessages((cur) => mergeMessages(cur, page.messageList));
      setCursor({ next: page.nextReqMessageID, completed: page.isCompleted });
    } catch {
      setNotice("load fail");
    } finally {
      setLoadingOlder(false);
    }
  }

  // ------------------------------------------------------------ sending

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(t);
  }, [notice]);

  // How to send each pending message again (Retry): the same clientMsgId, so it is never stored twice.
  const resend = useRef(new Map<string, () => void>());
  const track = useCallback(
    (entry: PendingMessage, run: (clientMsgId: string) => Promise<ChatMessage>) => {
      stickToBottom.current = true;
      const attempt = () => {
        setPending((p) => p.map((x) => (x.clientMsgId === entry.clientMsgId ? { ...x, error: undefined } : x)));
        run(entry.clientMsgId)
          .then((m) => {
            setMessages((cur) => mergeMessages(cur, [m]));
            forget(entry.clientMsgId);
          })
          .catch((e) => {
            setPending((p) => p.map((x) => (x.clientMsgId === entry.clientMsgId ? { ...x, error: failText(e) } : x)));
            // Refused as not allowed (a block, ADR 0021): the conversation is closed to us; the line says why.
            if (e instanceof ChatSendError && e.code === Code.FORBIDDEN) setClosed({ text: e.message });
          });
      };
      resend.current.set(entry.clientMsgId, attempt);
      setPending((p) => [...p, entry]);
      attempt();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const forget = (clientMsgId: string) => {
    resend.current.delete(clientMsgId);
    setPending((p) => {
      const gone = p.find((x) => x.clientMsgId === clientMsgId);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return p.filter((x) => x.clientMsgId !== clientMsgId);
    });
  };

  function sendText() {
    if (!port || !canSendText(text)) return;
    const body = text;
    setText("");
    track({ clientMsgId: newClientMsgId(), conversationID: conversationId, type: "TIMTextElem", text: body, time: Math.floor(Date.now() / 1000) }, (id) =>
      port.sendText(conversationId, body, id),
    );
    textRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSendKey({ key: e.key, ctrlKey: e.ctrlKey, altKey: e.altKey, isComposing: e.nativeEvent.isComposing })) {
      e.preventDefault();
      sendText();
    }
  }

  async function onPickPicture(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (!isSupportedImage(file)) {
      setNotice(MESSAGES.unsupportedImage);
      return;
    }
    setPreparing(true);
    try {
      const blob = await compressChatImage(file);
      setPicture({ blob, url: URL.createObjectURL(blob) });
    } catch {
      setNotice(MESSAGES.unsupportedImage);
    } finally {
      setPreparing(false);
    }
  }

  function sendPicture() {
    const pic = picture;
    setPicture(null);
    if (!pic || !port) return;
    track(
      { clientMsgId: newClientMsgId(), conversationID: conversationId, type: "TIMImageElem", previewUrl: pic.url, time: Math.floor(Date.now() / 1000) },
      (id) => port.sendImage(conversationId, pic.blob, id),
    );
  }

  function cancelPicture() {
    setPicture((p) => {
      if (p) URL.revokeObjectURL(p.url);
      return null;
    });
  }

  // ------------------------------------------------------------ voice

  useEffect(() => {
    if (!recording) return;
    const t = setInterval(() => setElapsed(Date.now() - recording.startedAt), 200);
    return () => clearInterval(t);
  }, [recording]);

  useEffect(() => () => recordingRef.current?.cancel(), []);

  const finishVoice = useCallback(
    async (rec: Recording) => {
      if (recordingRef.current !== rec) return;
      recordingRef.current = null;
      setRecording(null);
      setElapsed(0);
      const { blob, durationMs } = await rec.stop();
      const clip = voiceClip(durationMs);
      if (!clip.keep) {
        setNotice("Voice message too short.");
        return;
      }
      if (!port) return;
      track(
        { clientMsgId: newClientMsgId(), conversationID: conversationId, type: "TIMSoundElem", seconds: clip.seconds, time: Math.floor(Date.now() / 1000) },
        (id) => port.sendAudio(conversationId, blob, clip.seconds, id),
      );
    },
    [port, conversationId, track],
  );

  async function toggleVoice() {
    if (recording) {
      await finishVoice(recording.rec);
      return;
    }
    try {
      let rec: Recording | undefined = undefined;
      rec = await startRecording(() => {
        if (rec) void finishVoice(rec);
      });
      recordingRef.current = rec;
      setRecording({ rec, startedAt: Date.now() });
    } catch {
      setNotice("The microphone is not available.");
    }
  }

  // ------------------------------------------------------------ render

  const status = rt.status;
  const statusLine =
    status === "stopped" ? null : status === "offline" ? "Offline. Reconnecting…" : !port || status === "starting" || status === "connecting" ? "Connecting…" : null;

  return (
    <div className={cx("flex min-h-0 flex-col", className)} data-chat="live" data-chat-status={status} data-conversation-id={conversationId}>
      {status === "stopped" ? (
        <p className="border-b border-gray-200 bg-wait-50 px-3 py-2 text-sm text-wait-800">
          Your session has ended.{" "}
          <Link to="/login" className="font-medium underline">
            Sign in
          </Link>{" "}
          to chat.
        </p>
      ) : statusLine ? (
        <p className="flex items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs text-gray-700" role="status">
          <Spinner className="h-3 w-3" /> {statusLine}
        </p>
      ) : null}

      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-3" data-testid="chat-scroll">
        {loaded && !cursor.completed ? (
          <p className="mb-3 text-center">
            <Button type="button" variant="ghost" size="sm" onClick={loadOlder} busy={loadingOlder} disabled={!port} data-testid="chat-load-older">
              {loadingOlder ? "Loading…" : "Load older"}
            </Button>
          </p>
        ) : null}
        {!loaded ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <div className="h-10 w-2/3 animate-pulse rounded-2xl bg-gray-200" />
            <div className="ml-auto h-10 w-1/2 animate-pulse rounded-2xl bg-gray-200" />
            <div className="h-10 w-3/5 animate-pulse rounded-2xl bg-gray-200" />
          </div>
        ) : messages.length === 0 && pending.length === 0 ? (
          <p className="py-8 text-center text-sm text-gray-600">No messages yet. Say hello.</p>
        ) : (
          <MessageItems messages={messages} pending={pending} onRetry={readOnly ? undefined : (id) => resend.current.get(id)?.()} onRemove={forget} />
        )}
      </div>

      <p role="alert" className={cx("px-3 text-sm font-medium text-money-out-700", notice ? "py-1" : "h-0 overflow-hidden")} data-testid="chat-notice">
        {notice ?? ""}
      </p>

      {readOnly ? (
        <ReadOnlyLine text={closed?.text ?? readOnlyText} link={readOnlyLink} />
      ) : (
        <form
          className="border-t border-gray-200 p-2 sm:p-3"
          onSubmit={(e) => {
            e.preventDefault();
            sendText();
          }}
          data-testid="chat-form"
        >
          <label htmlFor={`chat-text-${conversationId}`} className="sr-only">
            Message
          </label>
          {recording ? (
            <div
              className="flex h-[4.5rem] items-center justify-center gap-2 rounded-lg bg-money-out-50 text-money-out-800"
              role="status"
              data-testid="chat-recording"
              data-voice-format={recording.rec.format}
            >
              <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-money-out-700" aria-hidden="true" />
              <span className="num font-medium">Recording {Math.floor(elapsed / 1000)}″ / 15″</span>
            </div>
          ) : (
            <textarea
              ref={textRef}
              id={`chat-text-${conversationId}`}
              name="text"
              rows={2}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Type a message"
              aria-describedby={`chat-hint-${conversationId}`}
              className="block max-h-40 min-h-[4.5rem] w-full resize-none rounded-lg border border-gray-300 px-3 py-2 text-base text-gray-900 focus:border-brand-600"
            />
          )}
          <div className="mt-2 flex items-center gap-1">
            <input ref={fileRef} type="file" accept={IMAGE_ACCEPT} className="sr-only" tabIndex={-1} onChange={onPickPicture} data-testid="chat-file" aria-hidden="true" />
            <button
              type="button"
              onClick={() => fileRef.current?.click()}
              disabled={!port || preparing || Boolean(recording)}
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 disabled:text-gray-400"
              data-testid="chat-picture"
            >
              {preparing ? <Spinner className="h-5 w-5" /> : <PictureIcon className="h-6 w-6" />}
              <span className="sr-only">Send a picture</span>
            </button>
            {voiceSupported() ? (
              <button
                type="button"
                onClick={() => void toggleVoice()}
                disabled={!port}
                aria-pressed={Boolean(recording)}
                className={cx(
                  "inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-gray-100 disabled:text-gray-400",
                  recording ? "text-money-out-700" : "text-gray-700",
                )}
                data-testid="chat-voice"
              >
                {recording ? <StopIcon className="h-6 w-6" /> : <MicIcon className="h-6 w-6" />}
                <span className="sr-only">{recording ? "Stop and send the voice message" : "Record a voice message"}</span>
              </button>
            ) : null}
            <span id={`chat-hint-${conversationId}`} className="ml-1 hidden text-xs text-gray-600 sm:inline">
              Ctrl + Enter to send
            </span>
            <Button
              type="submit"
              size="sm"
              className="ml-auto"
              disabled={!port || !canSendText(text) || Boolean(recording)}
              data-testid="chat-send"
            >
              <SendIcon className="h-4 w-4" />
              Send
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        open={picture !== null}
        onClose={cancelPicture}
        title="Confirm to sending the picture?"
        onConfirm={sendPicture}
      >
        {picture ? <img src={picture.url} alt="The picture to send" className="mx-auto max-h-64 w-auto rounded-lg" /> : null}
      </ConfirmDialog>
    </div>
  );
}
