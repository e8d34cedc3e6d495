import webpush from "web-push";
import type { DB } from "../../db/index";
import type { VapidKeys } from "./vapid";

/** Attempts before a push is given up (about 1 + 2 + 4 + 8 + 16 minutes of retrying). */
export const PUSH_MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 60_000;
/** A push older than this is not worth showing: the push services keep it no longer either. */
const TTL_SECONDS = 24 * 3600;
/** Sent rows kept this long (to see what went out), then deleted. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;

/** The push services' answers that mean the subscription is gone for good (RFC 8030). */
const GONE = new Set([404, 410]);

/** Sends one encrypted, VAPID-signed request; resolves with the push service's status. */
export type PushSender = (request: { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer | null }) => Promise<number>;

/** fetch, with a time limit: a push service that hangs holds the job no longer than 10 s. */
export const fetchSender: PushSender = async (r) => {
  const res = await fetch(r.endpoint, {
    method: r.method,
    headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])),
    body: r.body ? new Uint8Array(r.body) : null,
    signal: AbortSignal.timeout(10_000),
  });
  await res.body?.cancel();
  return res.status;
};

/**
 * The push job (ADR 0079), run under a lease: each due push is encrypted for each of her
 * subscriptions (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292). A subscription the
 * push service answers 404 or 410 is deleted. A push is done when one of her browsers took it or
 * none is left; when all failed otherwise it is tried again later (1, 2, 4… minutes), then given up.
 */
export async function deliverPushes(db: DB, vapid: VapidKeys, now: () => Date, send: PushSender = fetchSender): Promise<void> {
  const at = now();
  const due = await db
    .selectFrom("push_outbox")
    .selectAll()
    .where("sent_at", "is", null)
    .where("attempts", "<", PUSH_MAX_ATTEMPTS)
    .where("next_at", "<=", at)
    .orderBy("id")
    .limit(100)
    .execute();
  for (const push of due) {
    const subs = await db.selectFrom("push_subscriptions").select(["id", "endpoint", "p256dh", "auth"]).where("user_id", "=", push.user_id).execute();
    let delivered = false;
    let left = subs.length;
    const payload = typeof push.payload === "string" ? push.payload : JSON.stringify(push.payload);
    for (const sub of subs) {
      let status = 0;
      try {
        const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          contentEncoding: "aes128gcm",
        });
        status = await send({ endpoint: request.endpoint, method: request.method, headers: request.headers as Record<string, string | number>, body: request.body as Buffer | null });
      } catch {
        // A network failure or a refused key: tried again later. Never logged with the endpoint (it is a capability).
      }
      if (status >= 200 && status < 300) {
        delivered = true;
        await db.updateTable("push_subscriptions").set({ last_ok_at: at }).where("id", "=", sub.id).execute();
      } else if (GONE.has(status)) {
        left--;
        await db.deleteFrom("push_subscriptions").where("id", "=", sub.id).execute();
      }
    }
    const attempts = push.attempts + 1;
    await db
      .updateTable("push_outbox")
      .set(delivered || left === 0 ? { sent_at: at, attempts } : { attempts, next_at: new Date(at.getTime() + RETRY_BASE_MS * 2 ** (attempts - 1)) })
      .where("id", "=", push.id)
      .where("attempts", "=", push.attempts)
      .execute();
  }
  await db.deleteFrom("push_outbox").where("sent_at", "<", new Date(at.getTime() - KEEP_SENT_MS)).execute();
}
