import { count, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { payments } from "@/db/schema";
import { NO_PAYMENTS, type LinkTotals } from "./payment-link-view";

/** Per link: its payments in any status, the succeeded ones, and the sum of their amounts (minor units). */
export async function loadLinkTotals(db: DbOrTx, linkIds: string[]): Promise<Map<string, LinkTotals>> {
  const totals = new Map<string, LinkTotals>(linkIds.map((id) => [id, NO_PAYMENTS]));
  if (linkIds.length === 0) return totals;
  const rows = await db
    .select({
      linkId: payments.paymentLinkId,
      payments: count(),
      succeeded: sql<string>`count(*) filter (where ${payments.status} = 'succeeded')`,
      // numeric sum of bigints, read as text: exact however large.
      amountPaid: sql<string>`coalesce(sum(${payments.fiatAmount}) filter (where ${payments.status} = 'succeeded'), 0)::text`,
    })
    .from(payments)
    .where(inArray(payments.paymentLinkId, linkIds))
    .groupBy(payments.paymentLinkId);
  for (const row of rows) {
    if (!row.linkId) continue;
    totals.set(row.linkId, {
      payments: Number(row.payments),
      succeeded: Number(row.succeeded),
      amountPaid: row.amountPaid,
    });
  }
  return totals;
}
