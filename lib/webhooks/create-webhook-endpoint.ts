import type { Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { checkWebhookUrl } from "./check-webhook-url";
import type { WebhookEventType } from "./event-types";
import { newWebhookSecret } from "./new-webhook-secret";

export type NewWebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEventType[] | null;
  secret: string;
  createdAt: Date;
};

/**
 * Register an endpoint for a merchant. The URL is checked (HTTPS, public address) before anything is
 * stored; the secret is returned here, to be shown once. `events` null means every type.
 */
export async function createWebhookEndpoint(
  db: Db,
  merchantId: string,
  input: { url: string; events?: WebhookEventType[] | null },
): Promise<NewWebhookEndpoint> {
  const url = await checkWebhookUrl(input.url, env().WEBHOOK_ALLOW_PRIVATE);
  const events = input.events && input.events.length > 0 ? [...new Set(input.events)] : null;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ id: newId("whe"), merchantId, url, events, secret: newWebhookSecret() })
    .returning();
  return {
    id: row!.id,
    url: row!.url,
    events: row!.events as WebhookEventType[] | null,
    secret: row!.secret,
    createdAt: row!.createdAt,
  };
}
