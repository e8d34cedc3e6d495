import { OrderStatus } from "../../../contract/enums";
import { SYSTEM_USER_ID } from "../../../contract/chat-protocol";
import type { BackendConfig } from "../../config";
import type { DB } from "../../db/index";
import { genUserSig, type TlsSigKey } from "./tls-sig";

/**
 * With CHAT_PROVIDER=tencent the browsers chat through Tencent Cloud Chat, so what
 * our database decides must reach Tencent too (docs/decisions/0011-tencent-relay.md):
 * - every open order's group GROUP{orderId}, created with its seller and buyer as
 *   members (the browser then joins it, docs/product/statuses.md);
 * - every system message (order and withdrawal events), sent from the account
 *   88888888 to its user, in the order they were committed.
 * A sweep reads what is pending from the database (a restart loses nothing) and
 * stops at the first failure, to try again next sweep: groups are created at
 * least once (an existing group counts as done), system messages are sent at
 * least once and never out of order.
 */

/** Tencent's answer to every REST call. */
export interface TimAnswer {
  ActionStatus: string;
  ErrorCode: number;
  ErrorInfo?: string;
}

/** One REST call: service/command (e.g. "openim/sendmsg") and its JSON body. */
export type TimRest = (command: string, body: Record<string, unknown>) => Promise<TimAnswer>;

/** Group id already in use: the group exists, which is what we wanted. */
export const TIM_GROUP_EXISTS = 10021;
const ADMIN_SIG_SECONDS = 24 * 3600;

/** Calls {TIM_REST_URL}/v4/{command} as TIM_ADMIN with a fresh-enough admin userSig. */
export function timRest(
  config: Pick<BackendConfig, "TIM_REST_URL" | "TIM_ADMIN">,
  key: TlsSigKey,
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): TimRest {
  let sig: { value: string; until: number } | undefined;
  return async (command, body) => {
    const now = nowSeconds();
    if (!sig || sig.until - now < 3600) sig = { value: genUserSig(key, config.TIM_ADMIN, ADMIN_SIG_SECONDS, now), until: now + ADMIN_SIG_SECONDS };
    const url = new URL(`v4/${command}`, config.TIM_REST_URL.endsWith("/") ? config.TIM_REST_URL : `${config.TIM_REST_URL}/`);
    url.search = new URLSearchParams({
      sdkappid: String(key.sdkAppId),
      identifier: config.TIM_ADMIN,
      usersig: sig.value,
      random: String(Math.floor(Math.random() * 4294967295)),
      contenttype: "json",
    }).toString();
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Tencent ${command}: HTTP ${res.status}`);
    return (await res.json()) as TimAnswer;
  };
}

async function expectOk(rest: TimRest, command: string, body: Record<string, unknown>, alsoOk: number[] = []) {
  const a = await rest(command, body);
  if (a.ErrorCode !== 0 && !alsoOk.includes(a.ErrorCode)) throw new Error(`Tencent ${command}: ${a.ErrorCode} ${a.ErrorInfo ?? ""}`.trim());
}

/** The relay's state: which accounts this process has imported already. */
export interface TencentRelay {
  sweep(): Promise<{ groups: number; messages: number }>;
}

const RELAY_MESSAGES = "system-messages";

export function createTencentRelay(db: DB, rest: TimRest, now: () => Date, log: (line: string) => void): TencentRelay {
  const imported = new Set<string>();

  /** Tencent refuses members and recipients it has never seen: import them (idempotent) once per process. */
  async function ensureAccounts(ids: string[]) {
    const missing = [...new Set(ids)].filter((id) => !imported.has(id));
    if (missing.length === 0) return;
    if (missing.includes(SYSTEM_USER_ID)) await expectOk(rest, "im_open_login_svc/account_import", { UserID: SYSTEM_USER_ID, Nick: "System" });
    const users = missing.filter((id) => id !== SYSTEM_USER_ID);
    if (users.length) await expectOk(rest, "im_open_login_svc/multiaccount_import", { Accounts: users });
    missing.forEach((id) => imported.add(id));
  }

  async function groups(): Promise<number> {
    const rows = await db
      .selectFrom("chat_conversations as c")
      .innerJoin("orders as o", "o.id", "c.order_id")
      .select(["c.id", "c.order_id", "o.seller_id", "o.buyer_id"])
      .where("c.kind", "=", "group")
      .where("c.tim_synced_at", "is", null)
      // A finished order's group takes no more messages: no need to create it.
      .where("o.status", "<", OrderStatus.Completed)
      .orderBy("c.id")
      .limit(20)
      .execute();
    let done = 0;
    for (const r of rows) {
      const members = [String(r.seller_id), String(r.buyer_id)];
      await ensureAccounts(members);
      await expectOk(
        rest,
        "group_open_http_svc/create_group",
        { Type: "Private", GroupId: String(r.order_id), Name: `Order ${r.order_id}`, MemberList: members.map((m) => ({ Member_Account: m })) },
        [TIM_GROUP_EXISTS],
      );
      await db.updateTable("chat_conversations").set({ tim_synced_at: now() }).where("id", "=", r.id).execute();
      done++;
    }
    return done;
  }

  /** The last system message id sent; the first sweep starts at the newest (no flood of history). */
  async function cursor(): Promise<number> {
    const row = await db.selectFrom("tim_relay").select("last_id").where("name", "=", RELAY_MESSAGES).executeTakeFirst();
    if (row) return Number(row.last_id);
    const max = await db.selectFrom("chat_messages").select((eb) => eb.fn.max("id").as("max")).executeTakeFirst();
    const start = Number(max?.max ?? 0);
    await db
      .insertInto("tim_relay")
      .values({ name: RELAY_MESSAGES, last_id: start, updated_at: now() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    return Number((await db.selectFrom("tim_relay").select("last_id").where("name", "=", RELAY_MESSAGES).executeTakeFirstOrThrow()).last_id);
  }

  async function messages(): Promise<number> {
    const after = await cursor();
    // chat_messages ids become visible in commit order (0009-chat), so "id > cursor" misses none.
    const rows = await db
      .selectFrom("chat_messages as m")
      .innerJoin("chat_conversations as c", "c.id", "m.conversation_id")
      .select(["m.id", "m.text", "c.user_a"])
      .where("c.kind", "=", "system")
      .where("m.id", ">", after)
      .orderBy("m.id")
      .limit(50)
      .execute();
    let sent = 0;
    for (const r of rows) {
      const to = String(r.user_a);
      await ensureAccounts([SYSTEM_USER_ID, to]);
      await expectOk(rest, "openim/sendmsg", {
        SyncOtherMachine: 2,
        From_Account: SYSTEM_USER_ID,
        To_Account: to,
        MsgRandom: Number(r.id) % 4294967295,
        MsgBody: [{ MsgType: "TIMTextElem", MsgContent: { Text: r.text ?? "" } }],
      });
      await db.updateTable("tim_relay").set({ last_id: r.id, updated_at: now() }).where("name", "=", RELAY_MESSAGES).execute();
      sent++;
    }
    return sent;
  }

  return {
    async sweep() {
      let g = 0;
      let m = 0;
      try {
        g = await groups();
      } catch (err) {
        log(`[tencent-relay] groups: ${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        m = await messages();
      } catch (err) {
        // The message text is a notice (no codes or secrets), but keep logs short: the error only.
        log(`[tencent-relay] system messages: ${err instanceof Error ? err.message : String(err)}`);
      }
      return { groups: g, messages: m };
    },
  };
}
