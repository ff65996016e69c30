import type { Db } from "@/db/client";
import { listWebhookDeliveries, type WebhookDeliveryView } from "@/lib/webhooks/list-webhook-deliveries";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import type { WebhookEndpointView } from "@/lib/webhooks/webhook-endpoint-view";

/** Deliveries shown per endpoint on the page; the API pages further back. */
const LOG_SIZE = 20;
/** A retry further away than this is not worth re-rendering the page for. */
const SOON_MS = 60_000;

export type WebhookEndpointPanel = { endpoint: WebhookEndpointView; deliveries: WebhookDeliveryView[] };

/**
 * The webhooks page: each endpoint with its latest deliveries and their attempts, and whether an
 * attempt is due soon (the page then refreshes itself until it shows).
 */
export async function loadWebhooks(
  db: Db,
  merchantId: string,
  now = new Date(),
): Promise<{ panels: WebhookEndpointPanel[]; attemptDueSoon: boolean }> {
  const endpoints = await listWebhookEndpoints(db, merchantId);
  const panels = await Promise.all(
    endpoints.map(async (endpoint) => ({
      endpoint,
      deliveries: (await listWebhookDeliveries(db, { merchantId, endpointId: endpoint.id, page: { limit: LOG_SIZE } }))
        .data,
    })),
  );
  const attemptDueSoon = panels.some(
    ({ endpoint, deliveries }) =>
      !endpoint.disabled &&
      deliveries.some(
        (d) => d.status === "pending" && d.nextAttemptAt && d.nextAttemptAt.getTime() - now.getTime() < SOON_MS,
      ),
  );
  return { panels, attemptDueSoon };
}
