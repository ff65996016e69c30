import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";
import { webhookEndpointView, type WebhookEndpointView } from "./webhook-endpoint-view";

/**
 * The merchant pauses an endpoint: no new events are fanned out to it and no worker claims its
 * pending deliveries until it is enabled again (they wait; they are not failed).
 */
export async function disableWebhookEndpoint(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<WebhookEndpointView> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, now())`, disabledReason: "merchant" })
    .where(ownLiveEndpoint(merchantId, endpointId))
    .returning();
  if (!row) throw webhookEndpointNotFound();
  return webhookEndpointView(row);
}
