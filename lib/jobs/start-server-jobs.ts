import { getDb } from "@/db/client";
import { EmbeddedServerRefusedError } from "@/db/verify-embedded-server";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startExpiryJob } from "./expiry-job";
import { startGasBalanceJob } from "./gas-balance-job";
import { startLedgerJobs } from "./ledger-jobs";
import { startPruneJob } from "./prune-job";
import { startSettlementWatcher } from "./settlement-watcher";
import { startWebhookRetentionJob } from "./webhook-retention-job";
import { startWebhookWorker } from "./webhook-worker";

/** Called once per server process at start: connect (starting embedded PostgreSQL and migrating), then start jobs. */
export async function startServerJobs(): Promise<void> {
  await getDb().catch((err: unknown) => {
    if (!(err instanceof EmbeddedServerRefusedError)) throw err;
    // Not our database on the embedded port: no retry can fix that, so stop rather than serve errors.
    log.fatal({ err: err.message }, "refusing to start");
    process.exit(1);
  });
  const { EXPIRY_JOB_INTERVAL_MS, WATCHER_INTERVAL_MS, GAS_CHECK_INTERVAL_MS } = env();
  const { WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS } = env();
  if (EXPIRY_JOB_INTERVAL_MS > 0) startExpiryJob(EXPIRY_JOB_INTERVAL_MS);
  startSettlementWatcher(WATCHER_INTERVAL_MS);
  startLedgerJobs(env().LEDGER_SCAN_INTERVAL_MS);
  startGasBalanceJob(GAS_CHECK_INTERVAL_MS);
  startWebhookWorker();
  startPruneJob(env().PRUNE_INTERVAL_MS);
  if (WEBHOOK_RETENTION_DAYS > 0) startWebhookRetentionJob(WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS);
  log.info(
    { expiryJobMs: EXPIRY_JOB_INTERVAL_MS, gasCheckMs: GAS_CHECK_INTERVAL_MS },
    "server ready: database migrated, jobs started",
  );
}
