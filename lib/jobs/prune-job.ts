import { getDb } from "@/db/client";
import { pruneRateLimits } from "@/lib/http/prune-rate-limits";
import { log } from "@/lib/log";
import { pruneIdempotencyKeys } from "@/lib/payments/prune-idempotency-keys";
import { every } from "./every";

/**
 * Every `intervalMs` (PRUNE_INTERVAL_MS), delete what is only kept for a while: Idempotency-Keys past
 * a day, and limit counters (sign-in and sign-up attempts among them) whose window ended.
 */
export function startPruneJob(intervalMs: number): () => void {
  return every("prune", intervalMs, async () => {
    const db = await getDb();
    const idempotencyKeys = await pruneIdempotencyKeys(db);
    const rateLimits = await pruneRateLimits(db);
    if (idempotencyKeys + rateLimits > 0) log.info({ job: "prune", idempotencyKeys, rateLimits }, "old rows deleted");
  });
}
