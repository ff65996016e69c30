import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions, webhookDeliveries, webhookEndpoints } from "@/db/schema";

export type Backlog = { due: number; oldestDueSeconds: number };

/**
 * How far behind the shared queues are, across every instance: transfers due for the settlement
 * watcher's look, and webhook deliveries due for an attempt, with how long the oldest has waited.
 * Each is one indexed count of rows that are due (a healthy service has few).
 */
export async function workBacklog(db: Db): Promise<{ watcher: Backlog; webhooks: Backlog }> {
  const [watcher] = await db.execute<{ due: number; oldest: number | null }>(sql`
    select count(*)::int as due, extract(epoch from now() - min(next_check_at))::float8 as oldest
    from ${paymentSubmissions} where state = 'open' and next_check_at <= now()`);
  const [webhooks] = await db.execute<{ due: number; oldest: number | null }>(sql`
    select count(*)::int as due, extract(epoch from now() - min(d.next_attempt_at))::float8 as oldest
    from ${webhookDeliveries} d join ${webhookEndpoints} e on e.id = d.endpoint_id
    where d.status = 'pending' and d.next_attempt_at <= now() and d.claim_token is null
      and e.deleted_at is null and e.disabled_at is null`);
  const of = (row?: { due: number; oldest: number | null }): Backlog => ({
    due: row?.due ?? 0,
    oldestDueSeconds: Math.max(0, Math.round(row?.oldest ?? 0)),
  });
  return { watcher: of(watcher), webhooks: of(webhooks) };
}
