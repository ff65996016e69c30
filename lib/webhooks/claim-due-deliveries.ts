import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type PreviousSecret } from "@/db/schema";
import type { StoredEvent } from "./render-event";
import { scheduleSql } from "./retry-schedule";

export type ClaimedDelivery = {
  deliveryId: string;
  /** This attempt's number in the log (counted at the claim). */
  attempt: number;
  endpoint: {
    id: string;
    url: string;
    /** Sealed (lib/webhooks/seal-webhook-secret.ts); opened only to sign. */
    secret: string;
    /** Replaced secrets, sealed, each signing until its expiresAt. */
    previousSecrets: { secret: string; expiresAt: Date }[];
    timeoutsInARow: number;
  };
  event: StoredEvent;
};

/**
 * At most this many attempts in flight, across all instances: to one merchant's endpoints, to one host,
 * and to one merchant's endpoints on one host. The last is below `perHost` so that a merchant whose
 * endpoints hang cannot fill a host that other merchants' endpoints share (a platform hosting shops).
 */
export type Shares = { perMerchant: number; perHost: number; perMerchantOnHost: number };

export type ClaimOptions = { limit: number; shares: Shares; leaseMs: number; token: string; schedule: number[] };

type Row = {
  id: string;
  attempt_count: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secrets: PreviousSecret[];
  timeouts_in_a_row: number;
  event_id: string;
  type: string;
  state_version: number;
  live: boolean;
  event_created_at: Date | string;
  snapshot: unknown;
  seen: number;
};

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Claim up to `limit` due deliveries of live endpoints, oldest due first, fairly: a merchant, a host or
 * a merchant on a host that already has its share in flight (across all instances) is passed over, so
 * one merchant's slow receivers cannot take every slot, nor every slot of a host they share with other
 * merchants, and a backlog of one cannot hide the others' work.
 *
 * The claim stamps `token` and a lease (SKIP LOCKED: instances never take the same row) and makes the
 * attempt count at once: the attempt number goes up, and the row moves to its next step of
 * `schedule`, due again no sooner than the lease ends. Recording the result then only finishes it
 * (lib/webhooks/record-attempt.ts); if it never comes, the delivery still goes on through its
 * schedule. One statement, returning all an attempt needs; the HTTP call comes after, with no lock held.
 * `more` says the claim saw a full window of due rows and may find more right away.
 */
export async function claimDueDeliveries(
  db: Db,
  opts: ClaimOptions,
): Promise<{ claimed: ClaimedDelivery[]; more: boolean }> {
  const { limit, shares, leaseMs, token, schedule } = opts;
  const window = limit * 4;
  const waits = scheduleSql(schedule);
  const rows = await db.execute<Row>(sql`
    with in_flight as (
      select e.merchant_id, e.host, count(*)::int as n
      from ${webhookDeliveries} d join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.claim_token is not null and d.lease_until > now()
      group by e.merchant_id, e.host
    ), per_merchant as (
      select merchant_id, sum(n)::int as n from in_flight group by merchant_id
    ), per_host as (
      select host, sum(n)::int as n from in_flight group by host
    ), due as (
      select d.id, d.endpoint_id, e.merchant_id, e.host, d.next_attempt_at from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and e.deleted_at is null and e.disabled_at is null
        -- A lapsed claim is first written down (release-lapsed-claims.ts); a used-up schedule is not retried.
        and d.claim_token is null and d.schedule_step <= ${schedule.length}
        and not exists (select 1 from per_merchant m where m.merchant_id = e.merchant_id and m.n >= ${shares.perMerchant})
        and not exists (select 1 from per_host h where h.host = e.host and h.n >= ${shares.perHost})
        and not exists (select 1 from in_flight f where f.merchant_id = e.merchant_id and f.host = e.host
          and f.n >= ${shares.perMerchantOnHost})
      order by d.next_attempt_at
      limit ${window}
      for update of d skip locked
    ), within_pair as (
      select due.*, row_number() over (partition by due.merchant_id, due.host order by due.next_attempt_at) + coalesce(f.n, 0) as pair_place
      from due left join in_flight f on f.merchant_id = due.merchant_id and f.host = due.host
    ), within_merchant as (
      select p.*, row_number() over (partition by p.merchant_id order by p.next_attempt_at) + coalesce(m.n, 0) as merchant_place
      from within_pair p left join per_merchant m on m.merchant_id = p.merchant_id
      where p.pair_place <= ${shares.perMerchantOnHost}
    ), within_host as (
      select w.id, w.next_attempt_at, row_number() over (partition by w.host order by w.next_attempt_at) + coalesce(h.n, 0) as host_place
      from within_merchant w left join per_host h on h.host = w.host
      where w.merchant_place <= ${shares.perMerchant}
    ), chosen as (
      select id from within_host where host_place <= ${shares.perHost} order by next_attempt_at limit ${limit}
    ), claimed as (
      update ${webhookDeliveries} d set claim_token = ${token}, lease_until = now() + ${secs(leaseMs)},
        attempt_count = d.attempt_count + 1, schedule_step = d.schedule_step + 1,
        next_attempt_at = now() + greatest(${secs(leaseMs)}, case when d.schedule_step < ${schedule.length}
          then make_interval(secs => (${waits})[d.schedule_step + 1] / 1000.0) else ${secs(leaseMs)} end)
      from chosen where d.id = chosen.id
      returning d.id, d.attempt_count, d.endpoint_id, d.event_id
    )
    select c.id, c.attempt_count, c.endpoint_id, e.url, e.secret, e.previous_secrets, e.timeouts_in_a_row,
      c.event_id, ev.type, ev.state_version, ev.live, ev.created_at as event_created_at, ev.snapshot,
      (select count(*) from due)::int as seen
    from claimed c
    join ${webhookEndpoints} e on e.id = c.endpoint_id
    join ${webhookEvents} ev on ev.id = c.event_id`);
  const claimed = rows.map((r) => ({
    deliveryId: r.id,
    attempt: r.attempt_count,
    endpoint: {
      id: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      previousSecrets: r.previous_secrets.map((p) => ({ secret: p.secret, expiresAt: new Date(p.expiresAt) })),
      timeoutsInARow: r.timeouts_in_a_row,
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
  return { claimed, more: rows.length > 0 && rows[0]!.seen >= window };
}
