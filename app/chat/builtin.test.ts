/**
 * The built-in adapter against a fake socket and a fake /chat/api: it resumes from the
 * largest id seen after a reconnect, passes each message on once, and resends a pending
 * send with the same clientMsgId until it is acknowledged.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { BuiltinChat } from "./builtin.client";
import { ChatSendError } from "./port";
import { msg } from "../../tests/support/chat-message";

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  // test side
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  static last() {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }
}

const httpCalls: Array<{ url: string; body: unknown; auth: string | null }> = [];
const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  httpCalls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null, auth: new Headers(init?.headers).get("authorization") });
  const data = url.endsWith("/conversations") ? { list: [], lastMessageId: "10" } : {};
  return new Response(JSON.stringify({ code: 1, data }), { headers: { "content-type": "application/json" } });
}) as typeof fetch;

function newChat() {
  return new BuiltinChat({ origin: "http://shop.test", WebSocketImpl: FakeSocket as unknown as typeof WebSocket, fetchImpl: fakeFetch });
}

beforeEach(() => {
  FakeSocket.all = [];
  httpCalls.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("BuiltinChat", () => {
  test("signs in over HTTP, then opens the socket from the list's lastMessageId", async () => {
    const chat = newChat();
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    expect(httpCalls[0]).toMatchObject({ url: "http://shop.test/chat/api/conversations", auth: "TLS 5:sig" });
    const ws = FakeSocket.last();
    expect(ws.url).toBe("ws://shop.test/chat/ws");
    ws.open();
    expect(ws.sent[0]).toEqual({ op: "auth", userId: "5", userSig: "sig", since: "10" });
    chat.destroy();
  });

  test("reconnects with backoff, resumes from the largest id seen, and passes each message on once", async () => {
    const chat = newChat();
    const got: string[] = [];
    const statuses: string[] = [];
    chat.on("message", (m) => got.push(m.ID));
    chat.on("status", (s) => statuses.push(s));
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    let ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "synced", lastMessageId: "10" });
    ws.push({ op: "message", message: msg(11) });
    ws.push({ op: "message", message: msg(12) });
    ws.push({ op: "message", message: msg(12) }); // a repeat
    ws.drop();
    expect(statuses).toContain("offline");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeSocket.all.length).toBe(2);
    ws = FakeSocket.last();
    ws.open();
    expect(ws.sent[0]).toMatchObject({ op: "auth", since: "12" });
    // The service replays from `since`; a message it sends again is not passed on twice.
    ws.push({ op: "message", message: msg(12) });
    ws.push({ op: "message", message: msg(13) });
    ws.push({ op: "synced", lastMessageId: "13" });
    expect(got).toEqual(["11", "12", "13"]);
    expect(statuses[statuses.length - 1]).toBe("online");
    chat.destroy();
  });

  test("a 1012 Service Restart close reconnects within 2 s, still 'connecting' (never 'offline'), and resumes", async () => {
    const chat = newChat();
    const statuses: string[] = [];
    chat.on("status", (s) => statuses.push(s));
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    // Four drops first: the next ordinary reconnect would wait 4-8 s.
    for (let i = 0; i < 4; i++) {
      FakeSocket.last().drop();
      await vi.advanceTimersByTimeAsync(20_000);
    }
    const ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "message", message: msg(11) });
    statuses.length = 0;
    const before = FakeSocket.all.length;
    ws.close(1012);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSocket.all.length).toBe(before + 1);
    expect(statuses).toEqual(["connecting"]);
    FakeSocket.last().open();
    expect(FakeSocket.last().sent[0]).toMatchObject({ op: "auth", since: "11" });
    chat.destroy();
  });

  test("a send stays pending across a reconnect and is resent with the same clientMsgId", async () => {
    const chat = newChat();
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    let ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "synced", lastMessageId: "10" });
    const sent = chat.sendText("GROUP7", "hello", "cm-1");
    expect(ws.sent[1]).toMatchObject({ op: "send", conversationId: "GROUP7", clientMsgId: "cm-1", type: "TIMTextElem", text: "hello" });
    ws.drop();
    await vi.advanceTimersByTimeAsync(20_000);
    ws = FakeSocket.last();
    ws.open();
    expect(ws.sent.filter((f) => f.op === "send")).toHaveLength(0); // not before the replay is done
    ws.push({ op: "synced", lastMessageId: "10" });
    const resend = ws.sent.filter((f) => f.op === "send");
    expect(resend).toHaveLength(1);
    expect(resend[0]).toMatchObject({ clientMsgId: "cm-1", text: "hello" });
    // No answer within 15 s: sent again, same key.
    await vi.advanceTimersByTimeAsync(15_500);
    expect(ws.sent.filter((f) => f.op === "send").map((f) => f.clientMsgId)).toEqual(["cm-1", "cm-1"]);
    const stored = msg(14, { flow: "out", from: "5", clientMsgId: "cm-1" });
    ws.push({ op: "ack", clientMsgId: "cm-1", message: stored });
    await expect(sent).resolves.toEqual(stored);
    chat.destroy();
  });

  test("a refused send rejects with the service's msg ('Order finished')", async () => {
    const chat = newChat();
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    const ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "synced", lastMessageId: "10" });
    const sent = chat.sendText("GROUP7", "late", "cm-2");
    ws.push({ op: "nack", clientMsgId: "cm-2", msg: "Order finished", code: 0 });
    await expect(sent).rejects.toEqual(new ChatSendError("Order finished", 0));
    chat.destroy();
  });

  test("a refused signature stops the client (signedOut), without reconnecting", async () => {
    const chat = newChat();
    const statuses: string[] = [];
    chat.on("status", (s) => statuses.push(s));
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    const ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "error", code: "auth" });
    ws.close(4001);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(statuses).toContain("signedOut");
    expect(FakeSocket.all).toHaveLength(1);
    chat.destroy();
  });

  test("receipts and conversation frames are passed on; read marks go over the socket", async () => {
    const chat = newChat();
    const reads: unknown[] = [];
    chat.on("read", (r) => reads.push(r));
    await chat.login({ userId: "5", appId: 1, userSig: "sig" });
    const ws = FakeSocket.last();
    ws.open();
    ws.push({ op: "synced", lastMessageId: "10" });
    ws.push({ op: "read", conversationId: "GROUP7", userId: "2", messageId: "9" });
    expect(reads).toEqual([{ conversationId: "GROUP7", userId: "2", messageId: "9" }]);
    await chat.markRead("GROUP7", "12");
    expect(ws.sent[ws.sent.length - 1]).toEqual({ op: "read", conversationId: "GROUP7", messageId: "12" });
    chat.destroy();
  });
});
