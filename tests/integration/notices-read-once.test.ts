/**
 * A notice and its words in the system chat are read once (ADR 0059): opening a notice or Mark all
 * as read reads its system message (the chat's counts drop with the bell's); reading the system chat
 * reads its notices. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM_CONVERSATION_ID } from "../../contract/constants";
import type { ChatConversation } from "../../contract/chat-protocol";
import { DEMO_LOGINS } from "../../backend/demo/world";
import { transaction } from "../../backend/db/index";
import { notify } from "../../backend/modules/notices/notify";
import { createTestBackend, type TestBackend } from "../support/backend";
import { chatApi, chatAuth, type ChatAuth } from "../support/chat";

let t: TestBackend;
let token: string;
let auth: ChatAuth;
let userId: number;

beforeAll(async () => {
  t = await createTestBackend();
  token = await t.login(DEMO_LOGINS.merchants[1]);
  auth = await chatAuth(t, token);
  userId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO_LOGINS.merchants[1]).executeTakeFirstOrThrow()).id;
  // Start from nothing unread.
  expect((await t.call("/notice/setAllRead", {}, { token })).code).toBe(1);
});
afterAll(() => t?.close());

/** Sends the user a notice (and its system message) as any module does; returns the notice's id. */
let at = Date.parse("2026-11-20T08:00:00Z");
async function noticeOf(title: string): Promise<number> {
  at += 60_000;
  await transaction(t.db, (trx) =>
    notify(trx, { userId, about: { type: "account", id: 1 }, title, content: "Read once.", oppositeUserId: null, goodsName: null, transAmount: null, transCurrency: null, transPrice: null, at: new Date(at) }),
  );
  return (await t.db.selectFrom("notices").select("id").where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

const bell = async () => (await t.call("/notice/checkNotice", {}, { token })).data.unRead as number;
const systemChat = async () => {
  const res = await chatApi<{ list: ChatConversation[] }>(t, auth, "conversations");
  return res.data!.list.find((c) => c.conversationId === SYSTEM_CONVERSATION_ID)!.unreadCount;
};
const chatTotal = async () => (await chatApi<{ total: number }>(t, auth, "unread")).data!.total;

it("opening a notice reads its system message, whichever it is; Mark all as read reads them all", async () => {
  const total = await chatTotal();
  expect(await systemChat()).toBe(0);
  const [oldest, middle, newest] = [await noticeOf("First"), await noticeOf("Second"), await noticeOf("Third")];
  expect([await bell(), await systemChat(), await chatTotal()]).toEqual([3, 3, total + 3]);

  // The newest first (the bell's top line): the chat counts one fewer, though older ones are unread.
  expect((await t.call("/notice/setRead", { id: newest }, { token })).code).toBe(1);
  expect([await bell(), await systemChat(), await chatTotal()]).toEqual([2, 2, total + 2]);
  expect((await t.call("/notice/setRead", { id: oldest }, { token })).code).toBe(1);
  expect([await bell(), await systemChat(), await chatTotal()]).toEqual([1, 1, total + 1]);
  // The read position moved up to the one still unread, no further.
  const messageOf = async (id: number) => Number((await t.db.selectFrom("notices").select("chat_message_id").where("id", "=", id).executeTakeFirstOrThrow()).chat_message_id);
  const position = async () =>
    Number(
      (
        await t.db
          .selectFrom("chat_members as me")
          .innerJoin("chat_conversations as c", "c.id", "me.conversation_id")
          .select("me.last_read_id")
          .where("c.key", "=", `system:${userId}`)
          .where("me.user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).last_read_id,
    );
  expect(await position()).toBe((await messageOf(middle)) - 1);

  expect((await t.call("/notice/setAllRead", {}, { token })).code).toBe(1);
  expect([await bell(), await systemChat(), await chatTotal()]).toEqual([0, 0, total]);
  expect(await position()).toBe(await messageOf(newest));
});

it("reading the system chat reads its notices, up to the message read", async () => {
  const first = await noticeOf("Fourth");
  const second = await noticeOf("Fifth");
  expect(await bell()).toBe(2);
  const firstMessage = (await t.db.selectFrom("notices").select("chat_message_id").where("id", "=", first).executeTakeFirstOrThrow()).chat_message_id;
  expect((await chatApi(t, auth, "read", { conversationId: SYSTEM_CONVERSATION_ID, messageId: String(firstMessage) })).code).toBe(1);
  const status = async (id: number) => (await t.db.selectFrom("notices").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  expect([await status(first), await status(second), await bell()]).toEqual([1, 0, 1]);
  expect(await systemChat()).toBe(1);
});
