import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids";
import { checkWebhookUrl } from "./check-webhook-url";
import type { WebhookEventType } from "./event-types";
import { newWebhookSecret } from "./new-webhook-secret";
import { sealWebhookSecret } from "./seal-webhook-secret";

/** Endpoints a merchant may have (not deleted): each one multiplies every event into a delivery. */
export const MAX_ENDPOINTS_PER_MERCHANT = 16;

export type NewWebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEventType[] | null;
  secret: string;
  createdAt: Date;
};

/**
 * Register an endpoint for a merchant. The URL is checked (HTTPS, public address) before anything is
 * stored, and a merchant holding MAX_ENDPOINTS_PER_MERCHANT already is refused (409). The secret is
 * stored sealed and returned here in the clear, to be shown once. `events` null means every type.
 */
export async function createWebhookEndpoint(
  db: Db,
  merchantId: string,
  input: { url: string; events?: WebhookEventType[] | null },
): Promise<NewWebhookEndpoint> {
  const url = await checkWebhookUrl(input.url, env().WEBHOOK_ALLOW_PRIVATE);
  const events = input.events && input.events.length > 0 ? [...new Set(input.events)] : null;
  const id = newId("whe");
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // One registration of a merchant at a time, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${merchantId}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.merchantId, merchantId), isNull(webhookEndpoints.deletedAt)));
    if (held!.n >= MAX_ENDPOINTS_PER_MERCHANT)
      throw new ApiError(
        "invalid_state",
        `A merchant may have at most ${MAX_ENDPOINTS_PER_MERCHANT} webhook endpoints; delete one to add another`,
      );
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ id, merchantId, url, events, secret: sealWebhookSecret(id, secret) })
      .returning();
    return inserted!;
  });
  return { id, url: row.url, events: row.events as WebhookEventType[] | null, secret, createdAt: row.createdAt };
}
