import { getDb } from "@/db/client";
import { foldQueuedStats } from "@/lib/listings/fold-merchant-stats";
import { every } from "./every";

/**
 * Fold queued successes into the merchants' statistics every second, so the queue stays short
 * when nobody reads them (readers fold their merchant's queue themselves before reading).
 */
export function startStatsJob(intervalMs = 1000): () => void {
  return every("stats", intervalMs, async () => {
    await foldQueuedStats(await getDb());
  });
}
