/** Migration 034 on a database that already holds notices and their system chat messages, as notify() wrote them. */
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { migratedUpTo, useMemoryDatabase } from "../../../tests/support/memory-database";

const memoryDb = useMemoryDatabase();

describe("034-notice-chat-message", () => {
  test("names each old notice's message (same user's system conversation, time and text), and none of another user's", async () => {
    const db = memoryDb();
    const steps = await migratedUpTo(db, "029-known-devices");
    const users: number[] = [];
    for (const n of ["a", "b"])
      users.push((await sql<{ id: number }>`insert into users (email, nickname, password_hash, invite_code) values (${`${n}@test.example`}, ${`User_${n}`}, 'x', ${`INV${n.toUpperCase()}00`}) returning id`.execute(db)).rows[0].id);
    const [a, b] = users;
    const at = (min: number) => new Date(Date.parse("2026-11-01T08:00:00Z") + min * 60_000);
    const conversation = async (u: number) =>
      (await sql<{ id: number }>`insert into chat_conversations (key, kind, user_a, created_at) values (${`system:${u}`}, 'system', ${u}, ${at(0)}) returning id`.execute(db)).rows[0].id;
    const message = async (conv: number, text: string, when: Date) =>
      (await sql<{ id: number }>`insert into chat_messages (conversation_id, sender_id, type, text, created_at) values (${conv}, null, 'text', ${text}, ${when}) returning id`.execute(db)).rows[0].id;
    const notice = async (u: number, title: string, when: Date) =>
      (
        await sql<{ id: number }>`insert into notices (user_id, type, ref_id, title_en, content_en, created_at) values (${u}, 3, 1, ${title}, 'Body', ${when}) returning id`.execute(db)
      ).rows[0].id;
    const [convA, convB] = [await conversation(a), await conversation(b)];
    const m1 = await message(convA, "First\nBody", at(1));
    const m2 = await message(convA, "Second\nBody", at(2));
    // The same words to b at the same time: b's own message, never a's.
    const mb = await message(convB, "First\nBody", at(1));
    const n1 = await notice(a, "First", at(1));
    const n2 = await notice(a, "Second", at(2));
    const nb = await notice(b, "First", at(1));
    // A notice whose message is not there (another text) stays unnamed.
    const lone = await notice(a, "Third", at(3));

    await steps.latest();
    const named = await sql<{ id: number; chat_message_id: number | null }>`select id, chat_message_id from notices order by id`.execute(db);
    expect(Object.fromEntries(named.rows.map((r) => [Number(r.id), r.chat_message_id === null ? null : Number(r.chat_message_id)]))).toEqual({
      [n1]: m1,
      [n2]: m2,
      [nb]: mb,
      [lone]: null,
    });
  });
});
