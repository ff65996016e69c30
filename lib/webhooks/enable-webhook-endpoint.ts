import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";
import { notifyWebhookWorker } from "./notify-webhook-worker";
import { webhookEndpointView, type WebhookEndpointView } from "./webhook-endpoint-view";

/**
 * Enable an endpoint, whether the merchant paused it or five failing days did. The failing streak
 * starts over (else the next failure would disable it again at once), and deliveries that waited
 * while it was disabled go out now.
 */
export async function enableWebhookEndpoint(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<WebhookEndpointView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null, failingSince: null })
      .where(ownLiveEndpoint(merchantId, endpointId))
      .returning();
    if (!row) throw webhookEndpointNotFound();
    await notifyWebhookWorker(tx);
    return webhookEndpointView(row);
  });
}
