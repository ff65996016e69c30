import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startExpiryJob } from "./expiry-job";
import { startGasBalanceJob } from "./gas-balance-job";
import { startSettlementWatcher } from "./settlement-watcher";
import { startWebhookRetentionJob } from "./webhook-retention-job";
import { startWebhookWorker } from "./webhook-worker";

/** Called once per server process at start: connect (starting embedded PostgreSQL and migrating), then start jobs. */
export async function startServerJobs(): Promise<void> {
  await getDb();
  const { EXPIRY_JOB_INTERVAL_MS, WATCHER_INTERVAL_MS, GAS_CHECK_INTERVAL_MS } = env();
  const { WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS } = env();
  if (EXPIRY_JOB_INTERVAL_MS > 0) startExpiryJob(EXPIRY_JOB_INTERVAL_MS);
  startSettlementWatcher(WATCHER_INTERVAL_MS);
  startGasBalanceJob(GAS_CHECK_INTERVAL_MS);
  startWebhookWorker();
  if (WEBHOOK_RETENTION_DAYS > 0) startWebhookRetentionJob(WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS);
  log.info(
    { expiryJobMs: EXPIRY_JOB_INTERVAL_MS, gasCheckMs: GAS_CHECK_INTERVAL_MS },
    "server ready: database migrated, jobs started",
  );
}
