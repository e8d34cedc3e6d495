import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/**
 * Kysely driver for PGlite. PGlite is one connection, so the driver hands it out
 * to one holder at a time: a transaction keeps it from BEGIN to COMMIT and every
 * other query waits. Without that, two concurrent transactions would interleave
 * on the same session and one's ROLLBACK would undo the other's writes.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless SQL may hold several statements (migrations): exec runs them all.
    const res =
      query.parameters.length === 0
        ? ((await this.pg.exec(query.sql)).at(-1) as Awaited<ReturnType<PGlite["query"]>> as { rows: R[]; affectedRows?: number })
        : await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(query.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite driver does not stream");
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly connection: PGliteConnection;
  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw("rollback"));
  }
  async releaseConnection(conn: DatabaseConnection) {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }
  async destroy() {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
