import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { deleteInBatches } from "@/db/delete-in-batches";

/**
 * Delete the per-client limit counters (rate_limits: gateway calls, sign-ins, sign-ups) whose window
 * ended more than an hour ago. A flood from addresses without number leaves a row per address;
 * the margin (the library's own) leaves rows a clock a little behind may still count in.
 * `expire` is the window's end in epoch milliseconds, as rate-limiter-flexible writes it.
 */
export function pruneRateLimits(db: Db): Promise<number> {
  return deleteInBatches(db, "rate_limits", sql`expire < (extract(epoch from now()) * 1000)::bigint - 3600000`);
}
