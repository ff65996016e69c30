import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/db/schema";

export type ClaimedDelivery = {
  delivery: typeof webhookDeliveries.$inferSelect;
  event: typeof webhookEvents.$inferSelect;
  endpoint: typeof webhookEndpoints.$inferSelect;
};

/**
 * Claim up to `limit` due deliveries of live endpoints, oldest due first, with at most `perEndpoint`
 * in flight to any one endpoint across all instances, so a slow endpoint cannot take every slot.
 * The claim pushes `next_attempt_at` a lease ahead and stamps `token` (SKIP LOCKED: instances never
 * take the same row); if this instance dies, the lease runs out and another makes the attempt. One
 * statement; the HTTP call comes after, with no lock held.
 */
export async function claimDueDeliveries(db: Db, opts: { limit: number; perEndpoint: number; leaseMs: number; token: string }): Promise<ClaimedDelivery[]> {
  const { limit, perEndpoint, leaseMs, token } = opts;
  const claimed = await db.execute<{ id: string }>(sql`
    with in_flight as (
      select endpoint_id, count(*) as n from ${webhookDeliveries}
      where status = 'pending' and claim_token is not null and next_attempt_at > now()
      group by endpoint_id
    ), due as (
      select d.id, d.endpoint_id, d.next_attempt_at from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and e.deleted_at is null and e.disabled_at is null
      order by d.next_attempt_at
      limit ${limit * 4}
      for update of d skip locked
    ), ranked as (
      select due.id, due.next_attempt_at,
        row_number() over (partition by due.endpoint_id order by due.next_attempt_at) + coalesce(in_flight.n, 0) as place
      from due left join in_flight using (endpoint_id)
    ), chosen as (
      select id from ranked where place <= ${perEndpoint} order by next_attempt_at limit ${limit}
    )
    update ${webhookDeliveries} set claim_token = ${token}, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (select id from chosen)
    returning id`);
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
}
