import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { PostResult } from "./post-webhook";

/** An endpoint whose every attempt has failed for this long is disabled (the public service's rule). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

export type AttemptOutcome = PostResult & { startedAt: Date };

const succeeded = (r: PostResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/**
 * Write one attempt to the log and move its delivery on, in one statement: delivered on a 2xx;
 * otherwise the next wait of `schedule`, or failed past its end. Only the instance holding the claim
 * (`token`) moves the delivery, so a result that comes back after its lease ran out cannot undo a
 * later attempt's. The endpoint's failing streak starts at its first failure and ends at a success
 * (written only when there is a streak, so successes do not queue on the endpoint's row); five days
 * of it disable the endpoint.
 */
export async function recordAttempt(
  db: Db,
  claim: { deliveryId: string; endpointId: string; token: string; attempt: number },
  outcome: AttemptOutcome,
  schedule: number[],
): Promise<boolean> {
  const ok = succeeded(outcome);
  const error = outcome.error ?? (ok ? null : `answered ${outcome.statusCode}`);
  const attempt = sql`insert into ${webhookAttempts} (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
    values (${claim.deliveryId}, ${claim.attempt}, ${outcome.startedAt.toISOString()}, ${outcome.durationMs}, ${outcome.statusCode}, ${error}, ${outcome.body})`;
  const mine = sql`id = ${claim.deliveryId} and claim_token = ${claim.token}`;
  if (ok) {
    await db.execute(sql`
      with attempt as (${attempt}),
      delivery as (
        update ${webhookDeliveries} set status = 'succeeded', next_attempt_at = null, delivered_at = now(), claim_token = null,
          attempt_count = attempt_count + 1, last_status_code = ${outcome.statusCode}, last_error = null
        where ${mine}
      )
      update ${webhookEndpoints} set failing_since = null where id = ${claim.endpointId} and failing_since is not null`);
    return true;
  }
  const waits = sql.raw(`array[${schedule.join(",") || "0"}]::bigint[]`);
  const disableAfter = sql`make_interval(secs => ${DISABLE_AFTER_FAILING_MS / 1000})`;
  await db.execute(sql`
    with attempt as (${attempt}),
    delivery as (
      update ${webhookDeliveries} set
        status = case when schedule_step < ${schedule.length} then 'pending' else 'failed' end,
        next_attempt_at = case when schedule_step < ${schedule.length} then now() + make_interval(secs => (${waits})[schedule_step + 1] / 1000.0) end,
        schedule_step = schedule_step + 1, claim_token = null, attempt_count = attempt_count + 1,
        last_status_code = ${outcome.statusCode}, last_error = ${error}
      where ${mine}
    )
    update ${webhookEndpoints} set
      failing_since = coalesce(failing_since, now()),
      disabled_at = case when disabled_at is null and failing_since <= now() - ${disableAfter} then now() else disabled_at end,
      disabled_reason = case when disabled_at is null and failing_since <= now() - ${disableAfter} then 'failing' else disabled_reason end
    where id = ${claim.endpointId}`);
  return false;
}
