import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { foldMerchantStats } from "./fold-merchant-stats";

export type DayRevenue = { day: string; revenueMinor: bigint; transactions: number };

/**
 * Succeeded payments per UTC day of creation over [from, to] (YYYY-MM-DD, inclusive): revenue in
 * the merchant's currency (minor units) and transactions, every day present (zero when idle).
 * Reads the daily rollups the stats trigger keeps (migration 0002), never the payments table.
 */
export async function revenueByDay(
  db: Db,
  { merchant, from, to }: { merchant: { id: string; currency: string }; from: string; to: string },
): Promise<DayRevenue[]> {
  await foldMerchantStats(db, merchant.id);
  const rows = await db.execute<{ day: string; revenue: string; transactions: string }>(sql`
    select d::date::text as day,
           coalesce(sum(r.amount_minor) filter (where r.fiat_currency = ${merchant.currency}), 0)::text as revenue,
           coalesce(sum(r.tx_count), 0)::text as transactions
      from generate_series(${from}::date, ${to}::date, interval '1 day') d
      left join merchant_revenue_daily r on r.merchant_id = ${merchant.id} and r.day = d::date
     group by d order by d`);
  return rows.map((r) => ({ day: r.day, revenueMinor: BigInt(r.revenue), transactions: Number(r.transactions) }));
}
