import { randomUUID } from "node:crypto";
import { connection, getDb } from "@/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { claimDueDeliveries } from "@/lib/webhooks/claim-due-deliveries";
import { deliverClaimed, type DeliverySettings } from "@/lib/webhooks/deliver-claimed";
import { parseRetrySchedule } from "@/lib/webhooks/retry-schedule";
import { every } from "./every";

/** Due retries are found by this poll; new events wake the worker at once through NOTIFY. */
const POLL_MS = 250;

/**
 * Deliver webhooks from the outbox: up to WEBHOOK_CONCURRENCY attempts at once per instance, half of
 * them at most to one endpoint. Woken by `webhook_deliveries` notifications (the outbox trigger
 * sends one when it makes deliveries) and by a short poll for retries that come due.
 */
export function startWebhookWorker(): () => void {
  const { WEBHOOK_CONCURRENCY, WEBHOOK_TIMEOUT_MS, WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_SCHEDULE } = env();
  const settings: DeliverySettings = {
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    allowPrivate: WEBHOOK_ALLOW_PRIVATE,
    schedule: parseRetrySchedule(WEBHOOK_RETRY_SCHEDULE),
  };
  // The lease outlasts the longest attempt, so no attempt is ever made twice while its claimer lives.
  const leaseMs = WEBHOOK_TIMEOUT_MS + 10_000;
  // One endpoint, however slow, leaves half the slots to the others.
  const perEndpoint = Math.max(1, Math.floor(WEBHOOK_CONCURRENCY / 2));
  let inFlight = 0;
  let pumping = false;
  let again = false;

  const pump = async () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      const db = await getDb();
      do {
        again = false;
        const free = WEBHOOK_CONCURRENCY - inFlight;
        if (free <= 0) break;
        const token = randomUUID();
        const claimed = await claimDueDeliveries(db, { limit: free, perEndpoint, leaseMs, token });
        for (const one of claimed) {
          inFlight++;
          deliverClaimed(db, one, token, settings)
            .catch((err) =>
              log.error({ job: "webhooks", err, deliveryId: one.deliveryId }, "webhook attempt not recorded"),
            )
            .finally(() => {
              inFlight--;
              wake();
            });
        }
        if (claimed.length === free) again = true;
      } while (again);
    } catch (err) {
      log.error({ job: "webhooks", err }, "webhook pass failed");
    } finally {
      pumping = false;
    }
  };
  // Completions that come together are served by one claim, not one each.
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    setImmediate(() => {
      woken = false;
      void pump();
    });
  };

  void connection()
    .then(({ sql }) => sql.listen("webhook_deliveries", wake))
    .catch((err) => log.error({ job: "webhooks", err }, "cannot listen for webhook deliveries; polling only"));
  return every("webhooks", POLL_MS, pump);
}
