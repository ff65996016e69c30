import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

/**
 * Bring a merchant's statistics up to date before reading them: the successes the payments trigger
 * queued (merchant_stats_inbox, migration 0041) are added to the aggregates first, so a read sees
 * every success committed before it. Waits for a fold already running for the merchant. One
 * statement on its own, never inside a caller's transaction: the aggregate rows it locks are
 * released as it commits.
 */
export async function foldMerchantStats(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`select fold_merchant_stats(${merchantId}, true)`);
}

/**
 * The background fold (every instance, every second): merchants with queued successes, oldest
 * first, up to `limit` of them; a merchant another instance is folding is skipped this time.
 */
export async function foldQueuedStats(db: Db, limit = 50): Promise<number> {
  const rows = await db.execute<{ folded: number }>(sql`
    select fold_merchant_stats(q.merchant_id, false) as folded
      from (select merchant_id, min(id) as first from merchant_stats_inbox group by merchant_id order by first limit ${limit}) q`);
  return rows.reduce((n, r) => n + Number(r.folded), 0);
}
