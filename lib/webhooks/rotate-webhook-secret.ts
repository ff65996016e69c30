import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints, type PreviousSecret } from "@/db/schema";
import { isSealed } from "@/lib/secrets/seal-secret";
import { ownLiveEndpoint, webhookEndpointNotFound } from "./find-webhook-endpoint";
import { newWebhookSecret } from "./new-webhook-secret";
import { sealWebhookSecret } from "./seal-webhook-secret";

/** How long a replaced secret keeps signing (the public service's overlap). */
export const PREVIOUS_SECRET_OVERLAP_HOURS = 24;

/**
 * Replaced secrets kept signing at most: each is one more signature per header. Rotating more often
 * than this within a day retires the oldest early.
 */
export const MAX_PREVIOUS_SECRETS = 10;

/**
 * Give an endpoint a new signing secret, returned here once. The replaced one keeps signing beside it
 * for 24 hours (one more `v1,` entry per header), so the receiver can switch without dropping a
 * delivery; a second rotation within them keeps the first replaced secret too, until its own 24 hours end.
 */
export async function rotateWebhookSecret(
  db: Db,
  merchantId: string,
  endpointId: string,
): Promise<{ id: string; secret: string; previousSecretExpiresAt: Date }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ secret: webhookEndpoints.secret, previous: webhookEndpoints.previousSecrets, now: sql<Date>`now()` })
      .from(webhookEndpoints)
      .where(ownLiveEndpoint(merchantId, endpointId))
      .for("update");
    if (!current) throw webhookEndpointNotFound();
    const now = new Date(current.now);
    const expiresAt = new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_HOURS * 3600_000);
    const previous: PreviousSecret[] = [
      ...current.previous.filter((p) => Date.parse(p.expiresAt) > now.getTime()),
      // A secret from before sealing is sealed as it moves; a sealed one moves as it is, never opened here.
      {
        secret: isSealed(current.secret) ? current.secret : sealWebhookSecret(endpointId, current.secret),
        expiresAt: expiresAt.toISOString(),
      },
    ].slice(-MAX_PREVIOUS_SECRETS);
    const secret = newWebhookSecret();
    await tx
      .update(webhookEndpoints)
      .set({ secret: sealWebhookSecret(endpointId, secret), previousSecrets: previous })
      .where(eq(webhookEndpoints.id, endpointId));
    return { id: endpointId, secret, previousSecretExpiresAt: expiresAt };
  });
}
