import { and, eq, gte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { consumeWebhookAllowance } from "./consume-webhook-allowance";
import { findWebhookEndpointOrThrow } from "./find-webhook-endpoint";
import { notifyWebhookWorker } from "./notify-webhook-worker";
import { RESEND } from "./resend-webhook-delivery";

/**
 * Send again every delivery of this endpoint that failed for good and was made at or after `since`
 * (recovery after an outage). Each starts the retry schedule over. Answers how many were queued.
 * Counts as one resend against WEBHOOK_RESENDS_PER_MINUTE (429 beyond).
 */
export async function resendFailedWebhookDeliveries(
  db: Db,
  { merchantId, endpointId, since }: { merchantId: string; endpointId: string; since: Date },
): Promise<{ resent: number }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpointOrThrow(tx, merchantId, endpointId);
    if (endpoint.disabledAt) throw new ApiError("invalid_state", "The endpoint is disabled; enable it first");
    await consumeWebhookAllowance(tx, merchantId, "resend");
    const rows = await tx
      .update(webhookDeliveries)
      .set(RESEND)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, "failed"),
          gte(webhookDeliveries.createdAt, since),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (rows.length > 0) await notifyWebhookWorker(tx);
    return { resent: rows.length };
  });
}
