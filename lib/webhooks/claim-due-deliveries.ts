import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type PreviousSecret } from "@/db/schema";
import type { StoredEvent } from "./render-event";

export type ClaimedDelivery = {
  deliveryId: string;
  attemptCount: number;
  endpoint: {
    id: string;
    url: string;
    secret: string;
    /** Replaced secrets, each signing until its expiresAt. */
    previousSecrets: { secret: string; expiresAt: Date }[];
  };
  event: StoredEvent;
};

type Row = {
  id: string;
  attempt_count: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secrets: PreviousSecret[];
  event_id: string;
  type: string;
  state_version: number;
  live: boolean;
  event_created_at: Date | string;
  snapshot: unknown;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Claim up to `limit` due deliveries of live endpoints, oldest due first, with at most `perEndpoint`
 * in flight to any one endpoint across all instances, so a slow endpoint cannot take every slot.
 * The claim pushes `next_attempt_at` a lease ahead and stamps `token` (SKIP LOCKED: instances never
 * take the same row); if this instance dies, the lease runs out and another makes the attempt. One
 * statement, returning all an attempt needs; the HTTP call comes after, with no lock held.
 */
export async function claimDueDeliveries(
  db: Db,
  opts: { limit: number; perEndpoint: number; leaseMs: number; token: string },
): Promise<ClaimedDelivery[]> {
  const { limit, perEndpoint, leaseMs, token } = opts;
  const rows = await db.execute<Row>(sql`
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
    ), claimed as (
      update ${webhookDeliveries} set claim_token = ${token}, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      where id in (select id from chosen)
      returning id, attempt_count, endpoint_id, event_id
    )
    select c.id, c.attempt_count, c.endpoint_id, e.url, e.secret, e.previous_secrets,
      c.event_id, ev.type, ev.state_version, ev.live, ev.created_at as event_created_at, ev.snapshot
    from claimed c
    join ${webhookEndpoints} e on e.id = c.endpoint_id
    join ${webhookEvents} ev on ev.id = c.event_id`);
  return rows.map((r) => ({
    deliveryId: r.id,
    attemptCount: r.attempt_count,
    endpoint: {
      id: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      previousSecrets: r.previous_secrets.map((p) => ({ secret: p.secret, expiresAt: new Date(p.expiresAt) })),
    },
    event: {
      id: r.event_id,
      type: r.type,
      stateVersion: r.state_version,
      live: r.live,
      createdAt: toDate(r.event_created_at),
      snapshot: r.snapshot,
    },
  }));
}
