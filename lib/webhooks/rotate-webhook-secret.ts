import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";
import { newWebhookSecret } from "./new-webhook-secret";

/** How long the replaced secret keeps signing (the public service's overlap). */
export const PREVIOUS_SECRET_OVERLAP_HOURS = 24;

/**
 * Give an endpoint a new signing secret, returned here once. The old one keeps signing beside it for
 * 24 hours (two `v1,` entries per header), so the receiver can switch without dropping a delivery.
 */
export async function rotateWebhookSecret(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<{ id: string; secret: string; previousSecretExpiresAt: Date }> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      // In an UPDATE the right-hand side reads the row as it was: the old secret becomes the previous one.
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_OVERLAP_HOURS})`,
      secret: newWebhookSecret(),
    })
    .where(ownLiveEndpoint(merchantId, endpointId))
    .returning({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
    });
  if (!row) throw webhookEndpointNotFound();
  return { id: row.id, secret: row.secret, previousSecretExpiresAt: row.previousSecretExpiresAt! };
}
