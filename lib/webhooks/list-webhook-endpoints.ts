import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { webhookEndpointView, type WebhookEndpointView } from "./webhook-endpoint-view";

/** A merchant's endpoints that are not deleted, newest first, without their secrets. */
export async function listWebhookEndpoints(db: Db, merchantId: string): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(webhookEndpointView);
}
