import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/** Rows deleted per statement: short transactions that never hold many locks at once. */
const BATCH = 1000;

/**
 * Delete the rows of `table` that `where` matches, in batches (by row address, so any table will
 * do, whatever its key). Several instances may prune at once: SKIP LOCKED gives each its own rows.
 * Returns how many went.
 */
export async function deleteInBatches(db: Db, table: string, where: SQL): Promise<number> {
  const name = sql.identifier(table);
  let deleted = 0;
  for (;;) {
    const rows = await db.execute(sql`
      delete from ${name}
      where ctid = any(array(select ctid from ${name} where ${where} limit ${BATCH} for update skip locked))
      returning 1`);
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
