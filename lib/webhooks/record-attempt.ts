import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { countWebhookAttempt } from "@/lib/metrics/count-webhook-attempt";
import type { PostResult } from "./post-webhook";
import { scheduleSql } from "./retry-schedule";
import { storableText } from "./storable-text";

export type AttemptOutcome = PostResult & { startedAt: Date };

export type AttemptClaim = { deliveryId: string; endpointId: string; token: string; attempt: number };

/** What recording needs of the settings: the retry waits (ms) and when a failing endpoint is disabled. */
export type RecordSettings = { schedule: number[]; disableAfterMs: number };

const succeeded = (r: PostResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/**
 * Write one attempt to the log and finish its delivery, in one statement: delivered on a 2xx; otherwise
 * the next wait of the schedule from now (the claim already counted the step,
 * lib/webhooks/claim-due-deliveries.ts), or failed when that was the schedule's last attempt. What the receiver sent is made storable first (NUL and
 * unpaired surrogates replaced), so no answer can keep an attempt from being written. Only the
 * instance holding the claim (`token`) moves the delivery, so a result that comes back after its
 * lease ran out cannot undo a later attempt's.
 *
 * The endpoint's failing streak starts at its first failure and ends at a success (written only when
 * there is a streak, so successes do not queue on the endpoint's row); `disableAfterMs` of it disables
 * the endpoint. Timeouts in a row are counted (shorter timeouts next) and any answer resets the count.
 */
export async function recordAttempt(
  db: Db,
  { claim, outcome, settings }: { claim: AttemptClaim; outcome: AttemptOutcome; settings: RecordSettings },
): Promise<boolean> {
  const ok = succeeded(outcome);
  const error = storableText(outcome.error ?? (ok ? null : `answered ${outcome.statusCode}`));
  const body = storableText(outcome.body);
  const attempt = sql`insert into ${webhookAttempts} (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
    values (${claim.deliveryId}, ${claim.attempt}, ${outcome.startedAt.toISOString()}, ${outcome.durationMs}, ${outcome.statusCode}, ${error}, ${body})`;
  const mine = sql`id = ${claim.deliveryId} and claim_token = ${claim.token}`;
  const answered = outcome.statusCode !== null;
  const timeouts = outcome.timedOut ? sql`timeouts_in_a_row + 1` : answered ? sql`0` : sql`timeouts_in_a_row`;
  if (ok) {
    await db.execute(sql`
      with attempt as (${attempt}),
      delivery as (
        update ${webhookDeliveries} set status = 'succeeded', next_attempt_at = null, delivered_at = now(),
          claim_token = null, lease_until = null, last_status_code = ${outcome.statusCode}, last_error = null
        where ${mine}
      )
      update ${webhookEndpoints} set failing_since = null, timeouts_in_a_row = 0
      where id = ${claim.endpointId} and (failing_since is not null or timeouts_in_a_row > 0)`);
    countWebhookAttempt(outcome);
    return true;
  }
  const { schedule } = settings;
  const waits = scheduleSql(schedule);
  const disableAfter = sql`make_interval(secs => ${settings.disableAfterMs / 1000})`;
  const disable = sql`disabled_at is null and failing_since <= now() - ${disableAfter}`;
  await db.execute(sql`
    with attempt as (${attempt}),
    delivery as (
      update ${webhookDeliveries} set
        status = case when schedule_step <= ${schedule.length} then 'pending' else 'failed' end,
        next_attempt_at = case when schedule_step <= ${schedule.length} then now() + make_interval(secs => (${waits})[schedule_step] / 1000.0) end,
        claim_token = null, lease_until = null, last_status_code = ${outcome.statusCode}, last_error = ${error}
      where ${mine}
    )
    update ${webhookEndpoints} set
      failing_since = coalesce(failing_since, now()),
      timeouts_in_a_row = ${timeouts},
      disabled_at = case when ${disable} then now() else disabled_at end,
      disabled_reason = case when ${disable} then 'failing' else disabled_reason end
    where id = ${claim.endpointId}`);
  countWebhookAttempt(outcome);
  return false;
}
