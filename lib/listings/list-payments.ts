import type { Db } from "@/db/client";
import { listPaymentsPage } from "./list-payments-page";
import type { ListingQuery } from "./listing-query";
import { listingStats } from "./listing-stats";

/** The listing response (spec 2.5): one page of payments and statistics over all that match. */
export async function listPayments(db: Db, merchant: { id: string; currency: string }, q: ListingQuery) {
  const [page, stats] = await Promise.all([listPaymentsPage(db, merchant.id, q), listingStats(db, merchant, q)]);
  return { data: page.data, next_cursor: page.next_cursor, stats };
}
