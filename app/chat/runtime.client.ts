/**
 * The chat client of this browser tab, shared by every chat island on the page
 * (the conversation list, a chat window) and kept across client-side navigations.
 *
 * Chat start (docs/product/statuses.md): once a profile is stored (the page says the user is signed in),
 * GET /im/sig (the /im/getUserSig data), load the adapter with import() and sign in;
 * on any failure try again every 1000 ms until a client exists. A 401 from /im/sig
 * (not signed in, or code 3: the route has cleared the stored profile) stops it. When
 * the service later refuses the signature (expired), the same start runs again.
 *
 * Also here: the conversations' unread counts (the top bar's badge, as a window event)
 * and the notification sound.
 */
import { useEffect, useSyncExternalStore } from "react";
import { CHAT_START_RETRY_MS } from "../../contract/constants";
import { totalUnread, upsertConversation } from "./model";
import type { ChatConversation, ChatPort, ChatProvider, ChatSignIn, ChatStatus } from "./port";
import { beep, notificationSoundOn } from "./sound.client";
import { SIGNED_OUT_EVENT, announceUnread } from "./unread";

export type RuntimeStatus = "idle" | "starting" | ChatStatus | "stopped";

export interface RuntimeState {
  status: RuntimeStatus;
  port?: ChatPort;
  /** The signed-in chat user id (String(userId)). */
  me?: string;
  conversations: ChatConversation[];
  /** The conversations came from the service (not only from the page's loader). */
  conversationsLoaded: boolean;
  /** Where the service's next page of older conversations starts ("" when it has sent them all). */
  conversationsNext: string;
  /** That page is on its way. */
  olderLoading: boolean;
}

const IDLE: RuntimeState = { status: "idle", conversations: [], conversationsLoaded: false, conversationsNext: "", olderLoading: false };
let state: RuntimeState = IDLE;
const listeners = new Set<() => void>();
let generation = 0;
/** The adapter, once loaded (exposed in the state only once signed in). */
let instance: ChatPort | undefined;
let config: { provider: ChatProvider; sdkAppId?: number } | undefined;

function set(patch: Partial<RuntimeState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loadAdapter(provider: ChatProvider, sdkAppId?: number): Promise<ChatPort> {
  if (provider === "tencent") {
    const m = await import("./tencent.client");
    return m.createChatPort(sdkAppId);
  }
  const m = await import("./builtin.client");
  return m.createChatPort();
}

async function fetchSig(): Promise<ChatSignIn | "signedOut"> {
  const res = await fetch("/im/sig", { headers: { accept: "application/json" }, cache: "no-store", credentials: "same-origin" });
  if (res.status === 401) return "signedOut";
  if (!res.ok) throw new Error(`chat sig ${res.status}`);
  return (await res.json()) as ChatSignIn;
}

function setConversations(list: ChatConversation[]) {
  const before = totalUnread(state.conversations);
  set({ conversations: list });
  const after = totalUnread(list);
  if (after !== before || state.conversationsLoaded) announceUnread(after);
}

function wire(port: ChatPort, gen: number) {
  port.on("status", (s) => {
    if (gen !== generation) return;
    set({ status: s });
    // The signature expired or was refused: start again with a new one.
    if (s === "signedOut") void start(gen);
  });
  port.on("conversation", (c) => {
    if (gen !== generation) return;
    setConversations(upsertConversation(state.conversations, c));
  });
  port.on("message", (m) => {
    if (gen !== generation) return;
    if (m.flow === "in" && notificationSoundOn()) beep();
  });
}

let running = false;

async function start(gen: number) {
  if (!config || running) return;
  running = true;
  try {
    await startLoop(gen);
  } finally {
    running = false;
  }
}

async function startLoop(gen: number) {
  set({ status: "starting" });
  for (;;) {
    if (gen !== generation) return;
    try {
      const sig = await fetchSig();
      if (gen !== generation) return;
      if (sig === "signedOut") {
        set({ status: "stopped" });
        return;
      }
      let port = instance;
      if (!port) {
        port = await loadAdapter(config!.provider, config!.sdkAppId);
        if (gen !== generation) return port.destroy();
        wire(port, gen);
        instance = port;
      }
      await port.login(sig);
      if (gen !== generation) return;
      set({ port, me: sig.userId, status: state.status === "starting" ? "connecting" : state.status });
      port
        .listConversations()
        .then(({ list, next }) => {
          if (gen !== generation) return;
          set({ conversationsLoaded: true, conversationsNext: next });
          setConversations(list);
        })
        .catch(() => undefined);
      return;
    } catch (e) {
      console.warn("chat start failed; retrying", e);
      await sleep(CHAT_START_RETRY_MS);
    }
  }
}

/** Starts the chat client once per tab (again after a sign-out and sign-in). */
export function ensureChat(opts: { provider: ChatProvider; sdkAppId?: number; signedIn: boolean }): void {
  if (!opts.signedIn) {
    if (state.status !== "idle") stopChat();
    return;
  }
  config = { provider: opts.provider, sdkAppId: opts.sdkAppId };
  if (state.status === "idle") void start(++generation);
}

/** Signs out of chat (docs/product/statuses.md: sign-out logs out of the chat service). */
export function stopChat(): void {
  generation++;
  const port = instance;
  instance = undefined;
  state = IDLE;
  for (const l of listeners) l();
  if (port) {
    void port.logout().catch(() => undefined);
    port.destroy();
  }
}

/** Seeds the conversation list from a loader until the service's arrives. */
export function seedConversations(list: ChatConversation[]): void {
  if (state.conversationsLoaded) return;
  if (state.conversations.length === 0 && list.length > 0) set({ conversations: list });
}

/**
 * The service's next page of older conversations, after those listed (a busy seller has one per
 * order). A conversation already listed (moved up by a new message meanwhile) keeps its place.
 */
export async function loadOlderConversations(): Promise<void> {
  const { port, conversationsNext: next, olderLoading } = state;
  if (!port || !next || olderLoading) return;
  const gen = generation;
  set({ olderLoading: true });
  try {
    const page = await port.listConversations(next);
    // Signed out meanwhile, or the list started over (a new sign-in lists the first page again):
    // this page no longer follows the list.
    if (gen !== generation || state.conversationsNext !== next) return;
    const listed = new Set(state.conversations.map((c) => c.conversationId));
    setConversations([...state.conversations, ...page.list.filter((c) => !listed.has(c.conversationId))]);
    set({ conversationsNext: page.next });
  } catch {
    // Offline or refused: the button stays, for another try.
  } finally {
    if (gen === generation) set({ olderLoading: false });
  }
}

const serverState: RuntimeState = IDLE;

/** The shared chat client; starts it when signed in. */
export function useChatRuntime(opts: { provider: ChatProvider; sdkAppId?: number; signedIn: boolean }): RuntimeState {
  useEffect(() => {
    ensureChat(opts);
  }, [opts.provider, opts.sdkAppId, opts.signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

/** Locally mark a conversation read (its unread count 0) before the service confirms. */
export function clearUnreadLocally(conversationId: string): void {
  const c = state.conversations.find((x) => x.conversationId === conversationId);
  if (!c || c.unreadCount === 0) return;
  setConversations(state.conversations.map((x) => (x === c ? { ...c, unreadCount: 0 } : x)));
}

// The layout says the user signed out (docs/product/statuses.md: sign-out logs out of the chat service).
if (typeof window !== "undefined") window.addEventListener(SIGNED_OUT_EVENT, () => stopChat());
