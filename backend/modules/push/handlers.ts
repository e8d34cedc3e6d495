import { PUSH_KINDS, PUSH_BAD_SUBSCRIPTION } from "../../../contract/push";
import { requireUser } from "../../http/context";
import { invalid } from "../../http/errors";
import type { HandlerGroup } from "../../http/handler-types";
import { deviceLabel } from "../sessions/device-label";
import { loadVapidKeys } from "./vapid";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Our server posts to whatever endpoint a browser names, so it must be a push service's: HTTPS to a
 * named public host, never an address literal or a name of this machine or its network. A stand-in
 * on loopback is let in only with PUSH_LOCAL_ENDPOINTS (tests).
 */
export function pushEndpointAllowed(endpoint: string, localAllowed: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (localAllowed && LOOPBACK.has(url.hostname)) return url.protocol === "http:" || url.protocol === "https:";
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname;
  return host.includes(".") && !/^[0-9.]+$/.test(host) && !host.startsWith("[") && !/\.(local|internal|localhost|lan)$/.test(host);
}

/** Web Push (ADR 0079): every row read or written is the caller's. */
export const pushHandlers = {
  async "/push/getPublicKey"(_input, ctx) {
    return { publicKey: loadVapidKeys(ctx.config).publicKey };
  },

  async "/push/subscribe"(input, ctx) {
    const user = requireUser(ctx);
    if (!pushEndpointAllowed(input.endpoint, ctx.config.PUSH_LOCAL_ENDPOINTS)) throw invalid(PUSH_BAD_SUBSCRIPTION);
    const ua = deviceLabel(ctx.headers.get("x-client-user-agent") ?? ctx.headers.get("user-agent"));
    // One browser, one endpoint: signing in to another account on it moves the subscription there.
    await ctx.db
      .insertInto("push_subscriptions")
      .values({ user_id: user.id, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, user_agent: ua, created_at: ctx.now })
      .onConflict((oc) => oc.column("endpoint").doUpdateSet({ user_id: user.id, p256dh: input.p256dh, auth: input.auth, user_agent: ua, created_at: ctx.now, last_ok_at: null }))
      .execute();
    return null;
  },

  async "/push/unsubscribe"(input, ctx) {
    const user = requireUser(ctx);
    await ctx.db.deleteFrom("push_subscriptions").where("endpoint", "=", input.endpoint).where("user_id", "=", user.id).execute();
    return null;
  },

  async "/push/getSettings"(_input, ctx) {
    const user = requireUser(ctx);
    const off = await ctx.db.selectFrom("push_settings").select(["kind", "enabled"]).where("user_id", "=", user.id).execute();
    const { n } = await ctx.db.selectFrom("push_subscriptions").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", user.id).executeTakeFirstOrThrow();
    const settings = Object.fromEntries(PUSH_KINDS.map((k) => [k, off.find((r) => r.kind === k)?.enabled ?? true])) as Record<(typeof PUSH_KINDS)[number], boolean>;
    return { settings, subscriptions: Number(n) };
  },

  async "/push/setSettings"(input, ctx) {
    const user = requireUser(ctx);
    for (const kind of PUSH_KINDS) {
      const enabled = input[kind];
      if (enabled === undefined) continue;
      await ctx.db
        .insertInto("push_settings")
        .values({ user_id: user.id, kind, enabled })
        .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet({ enabled }))
        .execute();
    }
    return null;
  },
} satisfies HandlerGroup<"/push/getPublicKey" | "/push/subscribe" | "/push/unsubscribe" | "/push/getSettings" | "/push/setSettings">;
