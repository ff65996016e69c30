import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants } from "@/db/schema";
import { listPaymentRows } from "./list-payment-rows";
import type { ListingQuery } from "./listing-query";
import { listingStats } from "./listing-stats";
import { toMerchantPayment } from "./merchant-payment-record";
import type { MerchantPaymentsResponse } from "./merchant-payments-schemas";

/**
 * The replacement listings' answer (the contract's MerchantPaymentsResponse): one keyset page of the
 * authenticated merchant's payments and statistics over all that match. `merchantIds` is the
 * contract's merchant filter: a key sees its own merchant only, so any other id finds nothing.
 */
export async function listMerchantPayments(
  db: Db,
  { merchant, q, merchantIds }: { merchant: { id: string; currency: string }; q: ListingQuery; merchantIds?: string[] },
): Promise<MerchantPaymentsResponse> {
  if (merchantIds && !merchantIds.includes(merchant.id)) {
    return {
      data: [],
      nextCursor: null,
      stats: { totalRevenue: [{ amount: 0, currency: merchant.currency }], totalTransactions: 0, totalCustomers: 0 },
    };
  }
  const [page, stats, [profile]] = await Promise.all([
    listPaymentRows(db, merchant.id, q),
    listingStats(db, merchant, q),
    db
      .select({ id: merchants.id, name: merchants.name, iconUrl: merchants.iconUrl })
      .from(merchants)
      .where(eq(merchants.id, merchant.id)),
  ]);
  const now = new Date();
  return {
    data: page.rows.map((row) => toMerchantPayment(row, profile!, now)),
    nextCursor: page.nextCursor,
    // Revenue in the merchant's currency only (no FX rate is assumed), so one entry.
    stats: {
      totalRevenue: [stats.total_revenue],
      totalTransactions: stats.total_transactions,
      totalCustomers: stats.total_customers,
    },
  };
}
