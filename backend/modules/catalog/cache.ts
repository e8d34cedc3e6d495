import { sql } from "kysely";
import type { DB, Notifications } from "../../db/index";
import type { WriteWatch } from "../../db/write-watch";

/**
 * A value that also changes with time, not only with writes (a frame worn until a date, ADR 0052):
 * `until(value)` says, once it is loaded, from when it is stale (ms; null: never by time); `now` is
 * the caller's clock.
 */
export interface Expiry<T> {
  now: number;
  until: (value: T) => number | null;
}

/**
 * The public catalogue (card types with their offer summary, adverts by card type with their
 * merchants' point-mall frames and badges, config groups, banners, currencies, countries) served
 * from memory (docs/decisions/0026-catalog-cache.md; the frames and badges: 0052).
 *
 * Everything is forgotten at once whenever anything it is made of changes:
 * - NOTIFY "catalog", sent by triggers at the commit of any write to those tables, in any
 *   process on this database (migration 017); on PGlite the same, within its one process;
 * - at once, when this process's own statement writes one of those tables (db/write-watch.ts),
 *   so a process reads its own writes without waiting for the notification.
 * A read that was under way when the cache was emptied is not kept (generation check): it may
 * have read rows from before the write. Nothing is cached until the listener is up and has heard
 * a probe sent on the triggers' channel; when its connection was lost and is back, everything is
 * forgotten (what was sent meanwhile is gone).
 *
 * Only what is the same for everyone is cached; per-user filters (blocks) run after.
 * addOrder never reads from here: it reads the advert in the database and reserves it by
 * compare-and-set, so a stale listing can show an offer but never sell it.
 */
export interface CatalogCache {
  /** The value under `key`, loaded once (concurrent callers share the load) until the next change (or its expiry). */
  read<T>(key: string, load: () => Promise<T>, expiry?: Expiry<T>): Promise<T>;
  /** Settles once the cache listens for changes (or could not, and stays off). */
  ready: Promise<void>;
  /**
   * Resolves once every change committed before the call has reached this cache: a notification
   * sent now came back (one connection hears them in commit order). For tests that must know
   * no late notification is still on its way.
   */
  settled(): Promise<void>;
  /**
   * Runs `listener` after every change heard from any process (and after the listener came back
   * from a loss, when changes may have been missed): what must act on the catalogue's changes,
   * such as rate alerts (ADR 0071), without a poll. settled() and close() wait for its runs.
   */
  onChange(listener: () => Promise<void>): () => void;
  /** Reads answered from memory and reads that loaded (the cache off included), for the metrics (backend/ops/metrics.ts). */
  readonly stats: { hits: number; misses: number };
  close(): Promise<void>;
}

/**
 * Every value a cache has handed out: the same object until a write, never mutated, so the
 * call layer may check it against the contract and serialize it once (app.ts).
 */
const sharedValues = new WeakSet<object>();
export const isSharedCatalogValue = (value: unknown): value is object => typeof value === "object" && value !== null && sharedValues.has(value);

/** No cache: every read loads (a backend built without a database's notifications). */
export const uncachedCatalog: CatalogCache = {
  read: (_key, load) => load(),
  ready: Promise.resolve(),
  settled: () => Promise.resolve(),
  onChange: () => () => undefined,
  stats: { hits: 0, misses: 0 },
  close: async () => undefined,
};

/** The tables whose rows the cached values are made of (migration 017 triggers on the same). */
// rate_history is written with adverts (its trigger, migration 037) or by the seed: listed for the seed's backdated rows.
const CATALOG_TABLES = new Set(["card_types", "adverts", "config", "banners", "currencies", "countries", "wealth_redemptions", "rate_history"]);
/** What adverts show of their merchant; users change for many other reasons (logins, levels). */
const MERCHANT_COLUMNS = new Set(["nickname", "avatar", "online_status"]);
/** Keys include user input (a currency): a bound, far above what the catalogue really holds. */
const MAX_KEYS = 2000;

const PROBE = "probe";
const SETTLE = "settle:";

/** How long the start-up probe may take to come back before the cache stays off. */
const PROBE_TIMEOUT_MS = 10_000;

export function createCatalogCache(db: DB, notifications: Notifications, writes: WriteWatch, log: (line: string) => void): CatalogCache {
  const entries = new Map<string, Promise<unknown>>();
  /** When an entry loaded with an expiry goes stale, by key. */
  const ends = new Map<string, number>();
  let generation = 0;
  let listening = false;
  const forget = () => {
    generation++;
    entries.clear();
    ends.clear();
  };
  const unwatch = writes.subscribe((table, columns) => {
    if (CATALOG_TABLES.has(table) || (table === "users" && columns?.some((c) => MERCHANT_COLUMNS.has(c)))) forget();
  });
  // The cache turns on only once a probe sent on the triggers' channel (catalog_channel(), in
  // SQL) came back to this listener: a database whose schema names another channel than the
  // one listened to would otherwise leave every other process's writes unheard.
  let probed: () => void = () => undefined;
  const probe = new Promise<void>((resolve) => (probed = resolve));
  let heardProbe = false;
  const settling = new Map<string, () => void>();
  let settles = 0;
  const changeListeners = new Set<() => Promise<void>>();
  const changeRuns = new Set<Promise<void>>();
  const changed = () => {
    for (const listener of changeListeners) {
      const run = listener().catch((err: unknown) => log(`[catalog] change listener: ${err instanceof Error ? err.message : String(err)}`));
      changeRuns.add(run);
      void run.finally(() => changeRuns.delete(run));
    }
  };
  const changesDone = async () => {
    while (changeRuns.size > 0) await Promise.all([...changeRuns]);
  };
  const stopListening = notifications
    .listen(
      "catalog",
      (payload) => {
        if (payload === PROBE) probed();
        settling.get(payload)?.();
        settling.delete(payload);
        forget();
        if (payload !== PROBE && !payload.startsWith(SETTLE)) changed();
      },
      // Back after a loss: what was sent meanwhile is gone, so nothing kept is trusted.
      () => {
        forget();
        listening = heardProbe;
        changed();
      },
      // Lost: serve from the database until the listener is back, never from memory unheard.
      () => {
        listening = false;
        forget();
      },
    )
    .then(async (stop) => {
      await sql`select pg_notify(catalog_channel(), ${PROBE})`.execute(db);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const heard = await Promise.race([probe.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), PROBE_TIMEOUT_MS)))]);
      clearTimeout(timer);
      if (heard) listening = heardProbe = true;
      else log("[catalog] cache off: the triggers' notifications do not reach this listener");
      return stop;
    });
  stopListening.catch((err: unknown) => log(`[catalog] cache off, cannot listen: ${err instanceof Error ? err.message : String(err)}`));

  const stats = { hits: 0, misses: 0 };
  return {
    stats,
    ready: stopListening.then(
      () => undefined,
      () => undefined,
    ),
    async settled() {
      if (!listening) return changesDone();
      const payload = `${SETTLE}${++settles}`;
      const back = new Promise<void>((resolve) => settling.set(payload, resolve));
      await sql`select pg_notify(catalog_channel(), ${payload})`.execute(db);
      await back;
      await changesDone();
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    read<T>(key: string, load: () => Promise<T>, expiry?: Expiry<T>): Promise<T> {
      if (!listening) {
        stats.misses++;
        return load();
      }
      const hit = entries.get(key);
      const end = ends.get(key);
      if (hit && (end === undefined || (expiry !== undefined && expiry.now < end))) {
        stats.hits++;
        return hit as Promise<T>;
      }
      stats.misses++;
      if (entries.size >= MAX_KEYS) {
        entries.clear();
        ends.clear();
      }
      const started = generation;
      const loading = load();
      entries.set(key, loading);
      ends.delete(key);
      const drop = () => {
        if (entries.get(key) !== loading) return;
        entries.delete(key);
        ends.delete(key);
      };
      loading.then((value) => {
        if (generation !== started) return drop();
        if (typeof value === "object" && value !== null) sharedValues.add(value);
        const until = expiry?.until(value) ?? null;
        if (until !== null && entries.get(key) === loading) ends.set(key, until);
      }, drop);
      return loading;
    },
    async close() {
      unwatch();
      changeListeners.clear();
      await changesDone();
      listening = false;
      entries.clear();
      ends.clear();
      const stop = await stopListening.catch(() => undefined);
      await stop?.();
    },
  };
}
