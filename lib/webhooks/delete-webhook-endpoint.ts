import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { findWebhookEndpointOrThrow, ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";

/** Its pending deliveries will never be sent: failed, with the reason in the log. */
function failPending(tx: Tx, endpointId: string) {
  return tx
    .update(webhookDeliveries)
    .set({ status: "failed", lastError: "endpoint deleted", nextAttemptAt: null, claimToken: null, leaseUntil: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
}

/**
 * Delete an endpoint, at once and for good (the public service's rule): it is marked deleted, so the
 * outbox fans nothing more out to it and no worker claims for it, and its pending deliveries fail
 * with "endpoint deleted" so the log says why they never arrived. The log itself stays.
 *
 * Rows are locked in the order a worker recording an attempt locks them (the delivery, then the
 * endpoint), else the two deadlock when a delete meets an attempt being recorded. The second pass
 * catches a delivery the outbox made for the endpoint between the first pass and the delete.
 */
export async function deleteWebhookEndpoint(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpointOrThrow(tx, merchantId, endpointId);
    await failPending(tx, endpoint.id);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: sql`now()` })
      .where(ownLiveEndpoint(merchantId, endpoint.id))
      .returning({ id: webhookEndpoints.id });
    // Deleted meanwhile by another request: to this one it was not there.
    if (!row) throw webhookEndpointNotFound();
    await failPending(tx, row.id);
    return { id: row.id, deleted: true as const };
  });
}
