import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";

/** What the delivery log says of an attempt whose result never came back. */
export const NO_RESULT = "no result recorded: the worker stopped or could not write it";

/**
 * Claims whose lease ran out without a result (the claimer died, or could not write to the database):
 * the attempt goes into the log as made without a result, and the delivery is free again, at the step
 * of its schedule the claim moved it to, or failed when that attempt was its last. So a delivery
 * never stays claimed, and a result that cannot be written does not repeat an attempt for ever.
 */
export async function releaseLapsedClaims(db: Db, opts: { scheduleLength: number; leaseMs: number }): Promise<number> {
  const rows = await db.execute<{ id: string }>(sql`
    with lapsed as (
      select id, attempt_count, lease_until from ${webhookDeliveries}
      where claim_token is not null and lease_until <= now() and status = 'pending'
      for update skip locked
    ), logged as (
      insert into ${webhookAttempts} (delivery_id, attempt, started_at, duration_ms, error)
      select id, attempt_count, lease_until - make_interval(secs => ${opts.leaseMs / 1000}), 0, ${NO_RESULT} from lapsed
    )
    update ${webhookDeliveries} d set claim_token = null, lease_until = null, last_status_code = null, last_error = ${NO_RESULT},
      status = case when d.schedule_step > ${opts.scheduleLength} then 'failed' else 'pending' end,
      next_attempt_at = case when d.schedule_step > ${opts.scheduleLength} then null else d.next_attempt_at end
    from lapsed where d.id = lapsed.id
    returning d.id`);
  return rows.length;
}
