import { describe, expect, test } from "vitest";
import type { ChatMessage } from "../../contract/chat-protocol";
import {
  applyReadReceipt,
  canSendText,
  conversationKind,
  isReadOnly,
  isSendKey,
  mayOpen,
  maxId,
  mergeMessages,
  messagePreview,
  orderIdOfConversation,
  parseConversationId,
  settlePending,
  totalUnread,
  upsertConversation,
  voiceClip,
  type PendingMessage,
} from "./model";
import { withOlderDelay } from "./port";
import { msg } from "../../tests/support/chat-message";

describe("mergeMessages", () => {
  test("dedupes by ID and keeps id order whatever the arrival order", () => {
    const page = [msg(3), msg(4), msg(5)];
    const merged = mergeMessages(page, [msg(5), msg(6), msg(4), msg(1)]);
    expect(merged.map((m) => m.ID)).toEqual(["1", "3", "4", "5", "6"]);
  });

  test("returns the same array when nothing is new (no re-render)", () => {
    const page = [msg(1), msg(2)];
    expect(mergeMessages(page, [msg(2)])).toBe(page);
    expect(mergeMessages(page, [])).toBe(page);
  });

  test("a later copy replaces the earlier one, but a read receipt is never lost", () => {
    const page = [msg(1, { flow: "out", isRead: true })];
    const merged = mergeMessages(page, [msg(1, { flow: "out", isRead: false, payload: { text: "edited" } })]);
    expect(merged[0]).toMatchObject({ isRead: true, payload: { text: "edited" } });
  });

  test("an older page and a replay after a reconnect merge without duplicates", () => {
    let list: ChatMessage[] = [msg(20), msg(21)];
    list = mergeMessages(list, [msg(5), msg(6), msg(19)]); // older page
    list = mergeMessages(list, [msg(21), msg(22), msg(23)]); // replay since 21, one repeated
    expect(list.map((m) => m.ID)).toEqual(["5", "6", "19", "20", "21", "22", "23"]);
  });

  test("non-numeric ids (Tencent) are ordered by time, equal times keep arrival order", () => {
    const a = msg(0, { ID: "b-1", time: 100 });
    const b = msg(0, { ID: "a-2", time: 100 });
    const c = msg(0, { ID: "z-0", time: 50 });
    expect(mergeMessages([a], [b, c]).map((m) => m.ID)).toEqual(["z-0", "b-1", "a-2"]);
  });
});

describe("pending sends", () => {
  const p = (id: string): PendingMessage => ({ clientMsgId: id, conversationID: "GROUP7", type: "TIMTextElem", text: "x", time: 1 });
  test("a stored message settles its pending entry by clientMsgId", () => {
    const pending = [p("a"), p("b")];
    expect(settlePending(pending, [msg(9, { clientMsgId: "a", flow: "out" })]).map((x) => x.clientMsgId)).toEqual(["b"]);
    expect(settlePending(pending, [msg(9)])).toBe(pending);
  });
});

describe("read receipts", () => {
  test("our messages up to the receipt turn read; theirs and later ones do not", () => {
    const list = [msg(1, { flow: "out" }), msg(2), msg(3, { flow: "out" }), msg(4, { flow: "out" })];
    const next = applyReadReceipt(list, "3");
    expect(next.map((m) => m.isRead)).toEqual([true, false, true, false]);
    expect(applyReadReceipt(next, "3")).toBe(next);
  });

  test("Tencent ids: everything of ours up to the receipt's message", () => {
    const list = [msg(0, { ID: "x", flow: "out" }), msg(0, { ID: "y", flow: "out" }), msg(0, { ID: "z", flow: "out" })];
    expect(applyReadReceipt(list, "y").map((m) => m.isRead)).toEqual([true, true, false]);
  });

  test("maxId keeps the largest numeric id (the socket's resume point)", () => {
    expect(maxId("12", "9")).toBe("12");
    expect(maxId(undefined, "7")).toBe("7");
    expect(maxId("", "abc")).toBe("0");
  });
});

describe("the text box (docs/product/validation.md)", () => {
  test("Enter adds a newline; Ctrl or Alt with Enter sends", () => {
    expect(isSendKey({ key: "Enter" })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", ctrlKey: true })).toBe(true);
    expect(isSendKey({ key: "Enter", altKey: true })).toBe(true);
    expect(isSendKey({ key: "a", ctrlKey: true })).toBe(false);
    // An IME confirming a composition is not a send.
    expect(isSendKey({ key: "Enter", ctrlKey: true, isComposing: true })).toBe(false);
  });

  test("empty or whitespace-only text is not sent", () => {
    expect(canSendText("")).toBe(false);
    expect(canSendText("  \n\t ")).toBe(false);
    expect(canSendText(" hi ")).toBe(true);
    expect(canSendText(undefined)).toBe(false);
  });
});

describe("voice clips (docs/product/constants.md)", () => {
  test("1 s or less is discarded", () => {
    expect(voiceClip(0)).toEqual({ keep: false, reason: "tooShort" });
    expect(voiceClip(800)).toEqual({ keep: false, reason: "tooShort" });
    expect(voiceClip(1000)).toEqual({ keep: false, reason: "tooShort" });
    expect(voiceClip(Number.NaN)).toEqual({ keep: false, reason: "tooShort" });
  });
  test("longer clips are kept, rounded up, at most 15 s", () => {
    expect(voiceClip(1001)).toEqual({ keep: true, seconds: 2 });
    expect(voiceClip(4200)).toEqual({ keep: true, seconds: 5 });
    expect(voiceClip(15_000)).toEqual({ keep: true, seconds: 15 });
    expect(voiceClip(15_400)).toEqual({ keep: true, seconds: 15 });
  });
});

describe("conversation ids and who may chat (docs/product/screens.md, docs/product/README.md#roles)", () => {
  test("parses the Tencent-style ids", () => {
    expect(parseConversationId("C2C88888888")).toEqual({ kind: "system" });
    expect(parseConversationId("C2C12")).toEqual({ kind: "c2c", peerUserId: 12 });
    expect(parseConversationId("GROUP345")).toEqual({ kind: "group", orderId: 345 });
    expect(parseConversationId("C2Cw9")).toEqual({ kind: "withdrawer", withdrawerId: 9 });
    for (const bad of ["", "C2C", "GROUP0", "GROUPx", "c2c12", "C2C12 ", "C2C012", "GROUP1/2"]) expect(parseConversationId(bad)).toBeUndefined();
    expect(conversationKind("GROUP1")).toBe("group");
    expect(orderIdOfConversation("GROUP77")).toBe(77);
    expect(orderIdOfConversation("C2C77")).toBeUndefined();
  });

  test("the system conversation has no input box; finished orders are read-only", () => {
    expect(isReadOnly("C2C88888888")).toBe(true);
    expect(isReadOnly("GROUP1", { readOnly: true })).toBe(true);
    expect(isReadOnly("GROUP1", { readOnly: false })).toBe(false);
    expect(isReadOnly("C2C5")).toBe(false);
  });

  test("a normal user chats only with business users, withdrawers, the system and order groups", () => {
    const user = { isBusiness: 0 };
    const merchant = { isBusiness: 1 };
    expect(mayOpen("C2C5", user, { isBusiness: 1 })).toBe(true);
    expect(mayOpen("C2C5", user, { isBusiness: 0 })).toBe(false);
    expect(mayOpen("C2C5", user, { isBusiness: 0, withdrawerId: 3 })).toBe(true);
    expect(mayOpen("C2C5", merchant, { isBusiness: 0 })).toBe(true);
    expect(mayOpen("C2C88888888", user)).toBe(true);
    expect(mayOpen("GROUP4", user)).toBe(true);
    expect(mayOpen("C2Cw4", user)).toBe(true);
    expect(mayOpen("nonsense", merchant)).toBe(false);
  });
});

describe("conversation list", () => {
  const conv = (id: string, unread: number, time: number) => ({
    conversationId: id,
    type: "C2C" as const,
    lastMessage: msg(time, { conversationID: id, time }),
    unreadCount: unread,
    readOnly: false,
  });
  test("unread total and most-recent-first upserts", () => {
    const list = [conv("C2C1", 2, 10), conv("C2C2", 0, 5)];
    expect(totalUnread(list)).toBe(2);
    const next = upsertConversation(list, conv("C2C2", 3, 20));
    expect(next.map((c) => c.conversationId)).toEqual(["C2C2", "C2C1"]);
    expect(totalUnread(next)).toBe(5);
  });
  test("previews", () => {
    expect(messagePreview(msg(1, { payload: { text: "a\n  b" } }))).toBe("a b");
    expect(messagePreview({ type: "TIMImageElem", payload: { imageInfoArray: [] } })).toBe("[Picture]");
    expect(messagePreview({ type: "TIMSoundElem", payload: { url: "", second: 3 } })).toBe("[Voice]");
    expect(messagePreview(null)).toBe("");
  });
});

describe("older pages (docs/product/constants.md)", () => {
  test("arrive no sooner than the delay; the newest page at once", async () => {
    let t = Date.now();
    await withOlderDelay(true, async () => 1, 400);
    expect(Date.now() - t).toBeGreaterThanOrEqual(390);
    t = Date.now();
    await withOlderDelay(false, async () => 1, 400);
    // Far below the delay, with room for a loaded CI machine.
    expect(Date.now() - t).toBeLessThan(300);
  });
});
