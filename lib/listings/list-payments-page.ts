import type { Db } from "@/db/client";
import { listPaymentRows } from "./list-payment-rows";
import type { ListingQuery } from "./listing-query";
import { toListedPayment, type ListedPayment } from "./listed-record";

/** One keyset page as the deprecated listing and the dashboard show it (spec 2.4 records). */
export async function listPaymentsPage(
  db: Db,
  merchantId: string,
  q: ListingQuery,
): Promise<{ data: ListedPayment[]; next_cursor: string | null }> {
  const { rows, nextCursor } = await listPaymentRows(db, merchantId, q);
  const now = new Date();
  return { data: rows.map((row) => toListedPayment(row, now)), next_cursor: nextCursor };
}
