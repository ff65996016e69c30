import { getDb } from "@/db/client";
import { log } from "@/lib/log";
import { pruneWebhookEvents } from "@/lib/webhooks/prune-webhook-events";
import { every } from "./every";

/**
 * Keep the webhook tables to WEBHOOK_RETENTION_DAYS: every `intervalMs`, events past it (with their
 * deliveries and attempts) are deleted, so the outbox and the delivery log do not grow for ever.
 */
export function startWebhookRetentionJob(retentionDays: number, intervalMs: number): () => void {
  return every("webhook-retention", intervalMs, async () => {
    const pruned = await pruneWebhookEvents(await getDb(), retentionDays);
    if (pruned > 0) log.info({ job: "webhook-retention", pruned, retentionDays }, "old webhook events deleted");
  });
}
