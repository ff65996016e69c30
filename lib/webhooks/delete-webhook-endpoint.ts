import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";

/**
 * Delete an endpoint, at once and for good (the public service's rule): it is marked deleted, so the
 * outbox fans nothing more out to it and no worker claims for it, and its pending deliveries fail
 * with "endpoint deleted" so the log says why they never arrived. The log itself stays.
 */
export async function deleteWebhookEndpoint(db: Db, merchantId: string, endpointId: string): Promise<{ id: string; deleted: true }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(webhookEndpoints).set({ deletedAt: sql`now()` }).where(ownLiveEndpoint(merchantId, endpointId)).returning({ id: webhookEndpoints.id });
    if (!row) throw webhookEndpointNotFound();
    await tx
      .update(webhookDeliveries)
      .set({ status: "failed", lastError: "endpoint deleted", nextAttemptAt: null, claimToken: null })
      .where(and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, "pending")));
    return { id: row.id, deleted: true as const };
  });
}
