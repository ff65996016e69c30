import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { PostResult } from "./post-webhook";

/** An endpoint whose every attempt has failed for this long is disabled (the public service's rule). */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

export type AttemptOutcome = PostResult & { startedAt: Date };

const succeeded = (r: PostResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;

/**
 * Write one attempt to the log and move its delivery on, in one transaction: delivered on a 2xx;
 * otherwise the next wait of `schedule`, or failed past its end. Only the instance holding the claim
 * (`token`) moves the delivery, so a result that comes back after its lease ran out cannot undo a
 * later attempt's. The endpoint's failing streak starts at its first failure and ends at a success;
 * five days of it disable the endpoint.
 */
export async function recordAttempt(db: Db, claim: { deliveryId: string; endpointId: string; token: string; attempt: number }, outcome: AttemptOutcome, schedule: number[]) {
  const ok = succeeded(outcome);
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: claim.deliveryId,
      attempt: claim.attempt,
      startedAt: outcome.startedAt,
      durationMs: outcome.durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error ?? (ok ? null : `answered ${outcome.statusCode}`),
      responseBody: outcome.body,
    });
    const mine = and(eq(webhookDeliveries.id, claim.deliveryId), eq(webhookDeliveries.claimToken, claim.token));
    const common = { claimToken: null, attemptCount: sql`${webhookDeliveries.attemptCount} + 1`, lastStatusCode: outcome.statusCode, lastError: outcome.error };
    if (ok) {
      await tx.update(webhookDeliveries).set({ ...common, status: "succeeded", nextAttemptAt: null, deliveredAt: sql`now()` }).where(mine);
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, claim.endpointId));
      return;
    }
    const waits = sql`(${sql.raw(`array[${schedule.join(",") || "0"}]::bigint[]`)})[${webhookDeliveries.scheduleStep} + 1]`;
    await tx
      .update(webhookDeliveries)
      .set({
        ...common,
        scheduleStep: sql`${webhookDeliveries.scheduleStep} + 1`,
        status: sql`case when ${webhookDeliveries.scheduleStep} < ${schedule.length} then 'pending' else 'failed' end`,
        nextAttemptAt: sql`case when ${webhookDeliveries.scheduleStep} < ${schedule.length} then now() + make_interval(secs => ${waits} / 1000.0) end`,
      })
      .where(mine);
    await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
        disabledAt: sql`case when ${webhookEndpoints.failingSince} <= now() - make_interval(secs => ${DISABLE_AFTER_FAILING_MS / 1000}) then coalesce(${webhookEndpoints.disabledAt}, now()) else ${webhookEndpoints.disabledAt} end`,
        disabledReason: sql`case when ${webhookEndpoints.failingSince} <= now() - make_interval(secs => ${DISABLE_AFTER_FAILING_MS / 1000}) then coalesce(${webhookEndpoints.disabledReason}, 'failing') else ${webhookEndpoints.disabledReason} end`,
      })
      .where(eq(webhookEndpoints.id, claim.endpointId));
  });
  return ok;
}
