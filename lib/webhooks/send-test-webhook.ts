import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEvents } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import type { WebhookEventType } from "./event-types";
import { consumeWebhookAllowance } from "./consume-webhook-allowance";
import { findWebhookEndpointOrThrow } from "./find-webhook-endpoint";
import { notifyWebhookWorker } from "./notify-webhook-worker";
import { samplePaymentSnapshot } from "./sample-payment-snapshot";

/**
 * Send one event of `type` with sample data (`live: false`, no payment behind it) to this endpoint
 * only, whatever types it subscribes to: it goes through the outbox and worker like any event, so it
 * is signed, retried and logged as a real one would be. A disabled endpoint is refused (409) rather
 * than left holding a delivery nobody sends. Counted against WEBHOOK_TESTS_PER_MINUTE (429 beyond).
 */
export async function sendTestWebhook(
  db: Db,
  {
    merchantId,
    endpointId,
    type = "payment.succeeded",
  }: { merchantId: string; endpointId: string; type?: WebhookEventType },
): Promise<{ eventId: string; deliveryId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findWebhookEndpointOrThrow(tx, merchantId, endpointId);
    if (endpoint.disabledAt) throw new ApiError("invalid_state", "The endpoint is disabled; enable it first");
    await consumeWebhookAllowance(tx, merchantId, "test");
    // Same id form as the outbox trigger's.
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    await tx.insert(webhookEvents).values({
      id: eventId,
      merchantId,
      paymentId: null,
      type,
      stateVersion: 0,
      live: false,
      snapshot: samplePaymentSnapshot(merchantId, type),
    });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ eventId, endpointId: endpoint.id })
      .returning({ id: webhookDeliveries.id });
    await notifyWebhookWorker(tx);
    return { eventId, deliveryId: delivery!.id };
  });
}
