import type { Db } from "@/db/client";
import type { ListingQuery } from "@/lib/listings/listing-query";
import { exactListingStats } from "@/lib/listings/listing-stats";
import { revenueByDay } from "@/lib/listings/revenue-by-day";
import { statusBreakdown } from "@/lib/listings/status-breakdown";

/**
 * The overview's figures for a date range (UTC days, inclusive): the listing's statistics with
 * revenue exact in minor units, revenue by day, and payments per listing status.
 */
export async function loadOverview(
  db: Db,
  merchant: { id: string; currency: string },
  range: { from: string; to: string },
) {
  const query: ListingQuery = {
    start_ts: `${range.from}T00:00:00Z`,
    end_ts: `${range.to}T23:59:59.999999Z`,
    sort_by: "date",
    sort_dir: "desc",
    limit: 1,
  };
  const [stats, days, statuses] = await Promise.all([
    exactListingStats(db, merchant, query),
    revenueByDay(db, { merchant, from: range.from, to: range.to }),
    statusBreakdown(db, merchant.id, query),
  ]);
  const counts = Object.values(statuses);
  return { stats, days, statuses, totalPayments: counts.reduce((a, b) => a + b, 0), maxStatus: Math.max(1, ...counts) };
}
