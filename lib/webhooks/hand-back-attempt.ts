import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import type { AttemptClaim, AttemptOutcome } from "./record-attempt";

/**
 * An attempt cut by this process's shutdown before any answer came: written to the log as such, and
 * the delivery handed back, due now and at the step of its schedule it was at before the claim (a
 * shutdown is not the receiver's failure), so another instance makes the attempt at once. The receiver
 * may have got the request: webhooks are at least once, and the event keeps its id for deduplication.
 * Only the claim's holder (`token`) moves the delivery.
 */
export async function handBackAttempt(db: Db, claim: AttemptClaim, outcome: AttemptOutcome): Promise<void> {
  await db.execute(sql`
    with attempt as (
      insert into ${webhookAttempts} (delivery_id, attempt, started_at, duration_ms, status_code, error)
      values (${claim.deliveryId}, ${claim.attempt}, ${outcome.startedAt.toISOString()}, ${outcome.durationMs}, null, ${outcome.error})
    )
    update ${webhookDeliveries} set claim_token = null, lease_until = null, next_attempt_at = now(),
      schedule_step = greatest(schedule_step - 1, 0), last_status_code = null, last_error = ${outcome.error}
    where id = ${claim.deliveryId} and claim_token = ${claim.token} and status = 'pending'`);
}
