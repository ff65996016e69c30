import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { consumeWebhookAllowance } from "./consume-webhook-allowance";
import { findWebhookEndpointOrThrow } from "./find-webhook-endpoint";
import { notifyWebhookWorker } from "./notify-webhook-worker";

/** What a resend writes: due now, at the start of the retry schedule, claimed by nobody. */
export const RESEND = {
  status: "pending",
  scheduleStep: 0,
  nextAttemptAt: sql`now()`,
  claimToken: null,
  leaseUntil: null,
} as const;

/**
 * Send one delivery again, whatever became of it (delivered, failed, or waiting for a retry): the
 * same event, same body and id, so a receiver that already has it deduplicates. Its attempts keep
 * their numbers in the log. A delivery of another endpoint or merchant is 404. Counted against
 * WEBHOOK_RESENDS_PER_MINUTE (429 beyond).
 */
export async function resendWebhookDelivery(
  db: Db,
  { merchantId, endpointId, deliveryId }: { merchantId: string; endpointId: string; deliveryId: string },
): Promise<{ id: string; status: "pending" }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpointOrThrow(tx, merchantId, endpointId);
    if (endpoint.disabledAt) throw new ApiError("invalid_state", "The endpoint is disabled; enable it first");
    await consumeWebhookAllowance(tx, merchantId, "resend");
    const [row] = await tx
      .update(webhookDeliveries)
      .set(RESEND)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new ApiError("not_found", "No delivery with this id for this endpoint");
    await notifyWebhookWorker(tx);
    return { id: row.id, status: "pending" as const };
  });
}
