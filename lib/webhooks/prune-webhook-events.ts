import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/** Rows deleted per statement: short transactions that never hold many locks at once. */
const BATCH = 1000;

/**
 * Delete webhook events older than `retentionDays` whose deliveries are all final (delivered or
 * failed; one still pending is kept whatever its age), with their deliveries and attempts (cascade),
 * in batches. Several instances may prune at once: SKIP LOCKED gives each its own rows. Returns how
 * many events went.
 */
export async function pruneWebhookEvents(db: Db, retentionDays: number): Promise<number> {
  let pruned = 0;
  for (;;) {
    const rows = await db.execute(sql`
      with old as (
        select e.id from webhook_events e
        where e.created_at < now() - make_interval(days => ${retentionDays})
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.created_at
        limit ${BATCH}
        for update of e skip locked
      )
      delete from webhook_events where id in (select id from old) returning 1`);
    pruned += rows.length;
    if (rows.length < BATCH) return pruned;
  }
}
