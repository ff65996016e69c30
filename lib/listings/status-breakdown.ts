import { and, count, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { listingFilters } from "./listing-filters";
import type { ListingQuery } from "./listing-query";
import { LISTING_STATUSES, type ListingStatus } from "./listing-status";

/**
 * How many payments matching the listing's filters are in each listing status (a pending payment
 * past its expiry counts as expired and a cancelled one as failed, as the listing shows them). Same filters as the listing itself.
 */
export async function statusBreakdown(
  db: Db,
  merchantId: string,
  q: ListingQuery,
): Promise<Record<ListingStatus, number>> {
  const status = sql<ListingStatus>`case when ${payments.status} = 'pending' and ${payments.expiresAt} <= now() then 'expired'
    when ${payments.status} = 'pending' then 'requires_action' when ${payments.status} = 'cancelled' then 'failed' else ${payments.status} end`;
  const rows = await db
    .select({ status, n: count() })
    .from(payments)
    .where(and(...listingFilters(merchantId, q)))
    .groupBy(sql`1`);
  const out = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<ListingStatus, number>;
  for (const row of rows) out[row.status] = Number(row.n);
  return out;
}
