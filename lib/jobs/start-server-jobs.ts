import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import { onDrain } from "@/lib/lifecycle/lifecycle-host";
import { log } from "@/lib/log";
import { checkStartSettings } from "@/lib/operations/check-start-settings";
import { startExpiryJob } from "./expiry-job";
import { startGasBalanceJob } from "./gas-balance-job";
import { startLedgerJobs } from "./ledger-jobs";
import { startNotifierJob } from "./notifier-job";
import { startPruneJob } from "./prune-job";
import { startSettlementWatcher } from "./settlement-watcher";
import { startStatsJob } from "./stats-job";
import { startWebhookRetentionJob } from "./webhook-retention-job";
import { startWebhookWorker } from "./webhook-worker";

/**
 * Called once per server process at start: check the settings, networks file and gas keys, connect
 * (starting embedded PostgreSQL and migrating), then start the jobs, each stopped when the process
 * drains (lib/lifecycle). Throws, with the reason, when any of it fails: the process must not serve then.
 */
export async function startServerJobs(): Promise<void> {
  const networks = checkStartSettings();
  await getDb().catch((err: unknown) => {
    throw new Error(`the database cannot be reached or migrated: ${err instanceof Error ? err.message : String(err)}`);
  });
  const { EXPIRY_JOB_INTERVAL_MS, WATCHER_INTERVAL_MS, GAS_CHECK_INTERVAL_MS } = env();
  const { WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS } = env();
  const stops = [
    EXPIRY_JOB_INTERVAL_MS > 0 ? startExpiryJob(EXPIRY_JOB_INTERVAL_MS) : undefined,
    startSettlementWatcher(WATCHER_INTERVAL_MS),
    startLedgerJobs(env().LEDGER_SCAN_INTERVAL_MS),
    startGasBalanceJob(GAS_CHECK_INTERVAL_MS),
    startWebhookWorker(),
    startNotifierJob(env().NOTIFIER_INTERVAL_MS),
    startPruneJob(env().PRUNE_INTERVAL_MS),
    startStatsJob(),
    WEBHOOK_RETENTION_DAYS > 0
      ? startWebhookRetentionJob(WEBHOOK_RETENTION_DAYS, WEBHOOK_PRUNE_INTERVAL_MS)
      : undefined,
  ];
  // Draining: no job claims anything new; passes in flight are work the shutdown waits for.
  onDrain(() => stops.forEach((stop) => stop?.()));
  log.info(
    { expiryJobMs: EXPIRY_JOB_INTERVAL_MS, gasCheckMs: GAS_CHECK_INTERVAL_MS, networks: networks.length },
    "server ready: database migrated, jobs started",
  );
}
