import type postgres from "postgres";

export type Statement = { query: string; calls: number; totalMs: number };
export type StatementUse = { calls: number; totalMs: number; top: Statement[] } | { unavailable: string };

/**
 * Statement counts and execution time of one database over a window, from pg_stat_statements (the
 * bench's embedded PostgreSQL preloads it; a DATABASE_URL server may not, and then says so).
 */
export async function startStatementCount(sql: postgres.Sql, database: string) {
  try {
    await sql`create extension if not exists pg_stat_statements`;
    await sql`select pg_stat_statements_reset()`;
  } catch (err) {
    const unavailable = `pg_stat_statements is not loaded on this server (${(err as Error).message})`;
    return { stop: async (): Promise<StatementUse> => ({ unavailable }) };
  }
  return {
    async stop(): Promise<StatementUse> {
      const rows = await sql<{ query: string; calls: string; totalMs: number }[]>`
        select query, calls, total_exec_time as "totalMs"
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = ${database} and query not ilike '%pg_stat_statements%'
        order by total_exec_time desc`;
      const all = rows.map((r) => ({
        query: r.query.replace(/\s+/g, " "),
        calls: Number(r.calls),
        totalMs: r.totalMs,
      }));
      return {
        calls: all.reduce((n, r) => n + r.calls, 0),
        totalMs: all.reduce((n, r) => n + r.totalMs, 0),
        top: all.slice(0, 25),
      };
    },
  };
}
