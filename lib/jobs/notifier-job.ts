import { getDb } from "@/db/client";
import { deliverDueNotifications } from "@/lib/notifications/deliver-due-notifications";
import { planEndpointDisabledNotices } from "@/lib/notifications/plan-endpoint-disabled-notices";
import { planExceptionNotices } from "@/lib/notifications/plan-exception-notices";
import { every } from "./every";

/**
 * Notification emails, on every instance: plan notices from the durable records (payment exceptions
 * in the webhook outbox, endpoints disabled for failing), then send what is due, including the notices
 * sign-ins and the gas job queued. Instances share the work through the notification_sends rows.
 */
export function startNotifierJob(intervalMs: number): () => void {
  return every("notifier", intervalMs, async () => {
    const db = await getDb();
    while ((await planExceptionNotices(db)) > 0);
    await planEndpointDisabledNotices(db);
    while ((await deliverDueNotifications(db)) > 0);
  });
}
