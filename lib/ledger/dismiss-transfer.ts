import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers } from "@/db/schema";
import { toTransferView, type TransferView } from "./transfer-view";
import { unattachableReason } from "./unattachable-reason";

/**
 * The merchant sets an unmatched transfer aside (money it knows of: a top-up, a test, a refund it
 * received): it leaves "Needs attention" and stays in the ledger, with who decided and when. One
 * guarded UPDATE: of an attach and a dismiss racing, exactly one wins. Another merchant's is a 404.
 */
export async function dismissTransfer(
  db: Db,
  { merchantId, transferId, by }: { merchantId: string; transferId: string; by: string },
): Promise<TransferView> {
  const [row] = await db
    .update(chainTransfers)
    .set({ match: "dismissed", resolvedBy: by, resolvedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(chainTransfers.id, transferId),
        eq(chainTransfers.merchantId, merchantId),
        eq(chainTransfers.match, "unmatched"),
      ),
    )
    .returning();
  if (!row) throw await unattachableReason(db, merchantId, transferId);
  return toTransferView(row);
}
