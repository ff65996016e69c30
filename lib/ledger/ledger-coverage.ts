import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, ledgerCursors } from "@/db/schema";

/**
 * What the ledger can say about a payment's money since `since`: a transfer bound to it is on record
 * (`found`, the ledger settles it), or the network's scan has reached the head after `since` without
 * one (`none`: nothing was paid), or the scan has not caught up yet (`unknown`: ask again later).
 */
export async function ledgerSaysSince(
  db: Db,
  { chainId, paymentId, since }: { chainId: string; paymentId: string; since: Date },
): Promise<"found" | "none" | "unknown"> {
  const [row] = await db.execute<{ found: boolean; caught_up: boolean }>(sql`
    select
      exists (select 1 from ${chainTransfers} where payment_id = ${paymentId} and state in ('seen', 'counted', 'final')) as found,
      coalesce((select scanned_at > ${since.toISOString()}::timestamptz from ${ledgerCursors} where chain_id = ${chainId}), false) as caught_up`);
  if (row?.found) return "found";
  return row?.caught_up ? "none" : "unknown";
}
