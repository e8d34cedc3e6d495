import type { DB, Executor } from "../db/index";

/**
 * Verification codes leave through an outbox: the row is written in the same
 * transaction as the code, and a deliverer sends it afterwards. Without a
 * provider the rows stay as the dev outbox (GET /dev/outbox).
 */
export interface OutgoingMessage {
  channel: "email" | "sms";
  recipient: string;
  type: string;
  /** The verification code a message carries (forgotten once delivered); null for a notice such as a security alert. */
  code: string | null;
  body: string;
}

export async function enqueue(db: Executor, msg: OutgoingMessage, now: Date) {
  await db
    .insertInto("outbox")
    .values({ channel: msg.channel, recipient: msg.recipient, type: msg.type, code: msg.code, body: msg.body, created_at: now })
    .execute();
}

/** A provider that delivers one message (an e-mail or SMS HTTP API). */
export interface Deliverer {
  deliver(msg: { channel: "email" | "sms"; recipient: string; body: string }): Promise<void>;
}

/** Posts {to, text} as JSON to a provider's HTTP endpoint. */
export function httpDeliverer(url: string): Deliverer {
  return {
    async deliver(msg) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ to: msg.recipient, text: msg.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`provider answered ${res.status}`);
    },
  };
}

/**
 * Sends pending rows of each channel that has a provider, then forgets their code
 * (a delivered code lives only in its hashed form).
 */
export async function deliverPending(db: DB, deliverers: Partial<Record<"email" | "sms", Deliverer>>, now: () => Date) {
  for (const channel of ["email", "sms"] as const) {
    const deliverer = deliverers[channel];
    if (!deliverer) continue;
    const rows = await db.selectFrom("outbox").selectAll().where("channel", "=", channel).where("delivered_at", "is", null).orderBy("id").limit(50).execute();
    for (const row of rows) {
      try {
        await deliverer.deliver({ channel, recipient: row.recipient, body: row.body });
        await db.updateTable("outbox").set({ delivered_at: now(), code: null, body: "[delivered]" }).where("id", "=", row.id).execute();
      } catch {
        // Left pending; the next sweep tries again. The message body holds a code: never log it.
      }
    }
  }
}

export async function devOutbox(db: DB, limit = 50) {
  const rows = await db.selectFrom("outbox").select(["recipient", "type", "code", "created_at", "channel"]).orderBy("id", "desc").limit(limit).execute();
  return rows.map((r) => ({ to: r.recipient, type: r.type, code: r.code, channel: r.channel, time: new Date(r.created_at).getTime() }));
}
