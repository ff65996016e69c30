import { randomUUID } from "node:crypto";
import { connection, getDb } from "@/db/client";
import { env } from "@/lib/env";
import { trackWork } from "@/lib/lifecycle/track-work";
import { log } from "@/lib/log";
import { secretsKeys } from "@/lib/secrets/secrets-keys";
import { claimDueDeliveries, type Shares } from "@/lib/webhooks/claim-due-deliveries";
import { deliverClaimed, type DeliverySettings } from "@/lib/webhooks/deliver-claimed";
import { releaseLapsedClaims } from "@/lib/webhooks/release-lapsed-claims";
import { resealWebhookSecrets } from "@/lib/webhooks/reseal-webhook-secrets";
import { parseDuration, parseRetrySchedule } from "@/lib/webhooks/retry-schedule";
import { every } from "./every";

/** Due retries are found by this poll; new events wake the worker at once through NOTIFY. */
const POLL_MS = 250;
/** Claims whose lease lapsed are looked for this often. */
const LAPSED_EVERY_MS = 2_000;

/**
 * Fair shares of WEBHOOK_CONCURRENCY: a quarter per merchant and per host, and an eighth per merchant on
 * one host, so a merchant whose endpoints hang leaves half of a shared host's share to the others on it.
 */
function webhookShares(concurrency: number): Shares {
  const quarter = Math.max(1, Math.floor(concurrency / 4));
  return { perMerchant: quarter, perHost: quarter, perMerchantOnHost: Math.max(1, Math.floor(quarter / 2)) };
}

/**
 * Deliver webhooks from the outbox: up to WEBHOOK_CONCURRENCY attempts at once per instance, no
 * merchant or host beyond its share. Woken by `webhook_deliveries` notifications (the
 * outbox trigger sends one when it makes deliveries) and by a short poll for retries that come due.
 * At start it loads the secrets key (refusing to run without SECRETS_KEY in production) and seals any
 * signing secret not yet sealed under the current key.
 */
export function startWebhookWorker(): () => void {
  const settingsFromEnv = env();
  const { WEBHOOK_CONCURRENCY, WEBHOOK_TIMEOUT_MS, WEBHOOK_MIN_TIMEOUT_MS, WEBHOOK_ALLOW_PRIVATE } = settingsFromEnv;
  const settings: DeliverySettings = {
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    minTimeoutMs: WEBHOOK_MIN_TIMEOUT_MS,
    allowPrivate: WEBHOOK_ALLOW_PRIVATE,
    schedule: parseRetrySchedule(settingsFromEnv.WEBHOOK_RETRY_SCHEDULE),
    disableAfterMs: parseDuration(settingsFromEnv.WEBHOOK_DISABLE_AFTER),
  };
  secretsKeys();
  void getDb()
    .then(resealWebhookSecrets)
    .catch((err) => log.error({ job: "webhooks", err }, "sealing webhook secrets failed; retried at the next start"));
  // The lease outlasts the longest attempt, so no attempt is ever made twice while its claimer lives.
  const leaseMs = WEBHOOK_TIMEOUT_MS + 10_000;
  const shares = webhookShares(WEBHOOK_CONCURRENCY);
  const scheduleLength = settings.schedule.length;
  let inFlight = 0;
  let pumping = false;
  let again = false;
  let stopped = false;

  const pump = async () => {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      const db = await getDb();
      do {
        again = false;
        if (stopped) break;
        const free = WEBHOOK_CONCURRENCY - inFlight;
        if (free <= 0) break;
        const token = randomUUID();
        const { claimed, more } = await claimDueDeliveries(db, {
          limit: free,
          shares,
          leaseMs,
          token,
          schedule: settings.schedule,
        });
        for (const one of claimed) {
          inFlight++;
          // Work a shutdown waits for, and cuts (the attempt is handed back) when its grace runs out.
          trackWork("webhook", one.deliveryId, (cut) => deliverClaimed(db, { claimed: one, token, settings, cut }))
            .catch((err) =>
              log.error({ job: "webhooks", err, deliveryId: one.deliveryId }, "webhook attempt not recorded"),
            )
            .finally(() => {
              inFlight--;
              wake();
            });
        }
        // Every slot taken, or a window full of due rows (some passed over for their shares): look again.
        if (claimed.length === free || more) again = true;
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
  // Lapsed claims are rare (a crash, a database that refused a write) and a lease is at least 10 s
  // past due when one lapses: every LAPSED_EVERY_MS frees them, not every poll (an idle instance ran
  // the release four times a second), so a completion's own pass costs one query, the claim.
  let lapsedAt = 0;
  const stopPolling = every("webhooks", POLL_MS, async () => {
    if (Date.now() - lapsedAt >= LAPSED_EVERY_MS) {
      lapsedAt = Date.now();
      await releaseLapsedClaims(await getDb(), { scheduleLength, leaseMs });
    }
    await pump();
  });
  // Stopped (draining): nothing more is claimed; attempts in flight go on as tracked work.
  return () => {
    stopped = true;
    stopPolling();
  };
}
