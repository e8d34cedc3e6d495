/** Migration 022 on a database with chat: each membership learns its newest message and its newest incoming one. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";

const memoryDb = useMemoryDatabase();

describe("022-chat-activity", () => {
  test("fills last_message_id and last_incoming_id from the messages there are; has_unread follows the read position", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "021-merchant-desk");
    const user = async (n: string) =>
      (await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values (${`${n}@test.example`}, ${n}, 'x', ${n.toUpperCase()}) returning id`.execute(db)).rows[0]!.id;
    const [a, b] = [await user("chata"), await user("chatb")];
    const conv = async (key: string, members: number[]) => {
      const id = (await sql<{ id: number }>`insert into chat_conversations (key, kind, user_a, user_b) values (${key}, 'c2c', ${a}, ${b}) returning id`.execute(db)).rows[0]!.id;
      for (const m of members) await sql`insert into chat_members (conversation_id, user_id) values (${id}, ${m})`.execute(db);
      return id;
    };
    const say = async (c: number, from: number, text: string) =>
      (await sql<{ id: number }>`insert into chat_messages (conversation_id, sender_id, type, text, created_at) values (${c}, ${from}, 'text', ${text}, now()) returning id`.execute(db)).rows[0]!.id;
    const talk = await conv("c2c:test:1", [a, b]);
    const quiet = await conv("c2c:test:2", [a, b]);
    const fromA = await say(talk, a, "hello");
    const fromB = await say(talk, b, "hi");
    const lastA = await say(talk, a, "bye");
    // b read up to its own answer: a's last word is unread for b; a read everything.
    await sql`update chat_members set last_read_id = ${fromB} where conversation_id = ${talk} and user_id = ${b}`.execute(db);
    await sql`update chat_members set last_read_id = ${lastA} where conversation_id = ${talk} and user_id = ${a}`.execute(db);

    await steps.latest();
    const rows = await sql<{ conversation_id: number; user_id: number; last_message_id: string; last_incoming_id: string; has_unread: boolean }>`
      select conversation_id, user_id, last_message_id, last_incoming_id, has_unread from chat_members order by conversation_id, user_id
    `.execute(db);
    expect(rows.rows.map((r) => [r.conversation_id, r.user_id, Number(r.last_message_id), Number(r.last_incoming_id), r.has_unread])).toEqual([
      [talk, a, lastA, fromB, false],
      [talk, b, lastA, lastA, true],
      [quiet, a, 0, 0, false],
      [quiet, b, 0, 0, false],
    ]);
    expect(fromA).toBeLessThan(fromB);
  });
});
