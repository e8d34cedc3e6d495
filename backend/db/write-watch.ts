import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

/**
 * Tells this process which tables its own Kysely writes touched, as soon as each statement
 * has run (inside a transaction too, before its commit). The catalog cache uses it to forget
 * at once what this process just changed (read-your-writes), without waiting for the NOTIFY
 * that its trigger sends at commit (migration 017), which stays the authority across processes.
 * Raw sql`` statements are not seen; the trigger still is.
 */
export interface WriteWatch {
  plugin: KyselyPlugin;
  /** Calls `fn` after every insert, update or delete statement with its table and, for an
   * update, the columns it sets. */
  subscribe(fn: (table: string, columns?: string[]) => void): () => void;
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === "TableNode") return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === "AliasNode") return tableName((node as unknown as { node: OperationNode }).node);
  return undefined;
}

interface Write {
  table: string;
  columns?: string[];
}

function written(node: RootOperationNode): Write | undefined {
  let table: string | undefined;
  let columns: string[] | undefined;
  switch (node.kind) {
    case "InsertQueryNode":
      table = tableName(node.into);
      break;
    case "UpdateQueryNode":
      table = tableName(node.table);
      columns = node.updates?.map((u) => (u.column as unknown as { column: { name: string } }).column?.name ?? "");
      break;
    case "DeleteQueryNode":
      table = tableName(node.from.froms[0]);
      break;
  }
  return table ? { table, columns } : undefined;
}

export function createWriteWatch(): WriteWatch {
  const listeners = new Set<(table: string, columns?: string[]) => void>();
  const pending = new WeakMap<object, Write>();
  return {
    plugin: {
      transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
        const write = listeners.size > 0 ? written(node) : undefined;
        if (write) pending.set(queryId, write);
        return node;
      },
      async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
        const write = pending.get(queryId);
        if (write) for (const fn of listeners) fn(write.table, write.columns);
        return result;
      },
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
