import { createRequire } from "node:module";
import postgresEsm from "postgres";
import { describe, expect, inject, it } from "vitest";

/*
 * postgres.js pipelines a query onto a busy connection when every connection of the pool is busy.
 * `sql.begin` reserves the connection its BEGIN went to in a hook (`onexecute`) that 3.4.9 ran only
 * while that connection could take more queries: a BEGIN that filled the connection's pipeline
 * (max_pipeline), or whose write met a full socket, left the connection unreserved with a transaction
 * open on it. The transaction then failed with UNSAFE_TRANSACTION and the connection went back to the
 * pool inside an open transaction, where other queries' writes would never be committed. Seen in CI
 * as a 500 in a burst of 300 option requests (upstream: porsager/postgres#823, #1189).
 * scripts/patches/postgres+3.4.9.patch reserves the connection whenever BEGIN was written, and a
 * socket that drains no longer hands a reserved connection back to the pool. Both builds are run.
 */
const require = createRequire(import.meta.url);
const builds: [string, typeof postgresEsm][] = [
  ["ESM (src/)", postgresEsm],
  ["CommonJS (cjs/src/)", require("postgres") as typeof postgresEsm],
];

describe.each(builds)("postgres.js %s: sql.begin on a pool whose connections are all busy", (build, postgres) => {
  it("a BEGIN that fills a busy connection's pipeline still gets its transaction, and the pool gets no open one", async () => {
    const name = `begin_pipelined_${build.startsWith("ESM") ? "esm" : "cjs"}`;
    // max_pipeline is a connection option the package's types leave out: passed as a variable.
    const options = { max: 2, max_pipeline: 2, onnotice: () => {}, connection: { application_name: name } };
    const sql = postgres(inject("databaseUrl"), options);
    const watcher = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {} });
    try {
      await Promise.all([sql`select 1`, sql`select 1`]); // both connections open
      // In this order, each handed to the pool at once (.execute()): two sleeps make both connections
      // busy, one plain query goes to each, and the BEGIN lands second in the first one's pipeline.
      const running = [
        sql`select pg_sleep(0.3)`.execute(),
        sql`select pg_sleep(0.3)`.execute(),
        sql`select 1 as plain`.execute(),
        sql`select 2 as plain`.execute(),
      ];
      // One transaction: the same transaction id twice (two statements outside one would get two).
      const transaction = sql.begin(async (tx) => {
        const [first] = await tx<{ id: string }[]>`select txid_current()::text as id`;
        const [second] = await tx<{ id: string }[]>`select txid_current()::text as id`;
        return first!.id === second!.id;
      });
      await Promise.all(running);
      await expect(transaction).resolves.toBe(true);
      await Promise.all(Array.from({ length: 6 }, () => sql`select 1`));
      // No connection of the pool is left inside a transaction nobody will end.
      const [open] = await watcher<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where application_name = ${name} and state like 'idle in transaction%'`;
      expect(open!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 5 });
      await watcher.end({ timeout: 5 });
    }
  });
});
