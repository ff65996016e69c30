import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, ledgerCursors } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import type { BoundTransfer } from "./bind-transfers";

export type ScanRecord = {
  chainId: string;
  owner: string;
  range: { from: bigint; to: bigint };
  /** Hash of block `range.to`, read before the scan: a reorg of it shows at the next scan's check. */
  toHash: string;
  head: bigint;
  confirmations: number;
  transfers: BoundTransfer[];
};

class LostLease extends Error {}

/**
 * Record a scanned range in one transaction: every transfer found (once: a rescan of the range by any
 * instance adds nothing) and the cursor moved past the range, only while this instance still holds the
 * scan. Returns the payments that gained a transfer, to reconcile.
 */
export async function recordScan(db: Db, scan: ScanRecord): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      const moved = await tx
        .update(ledgerCursors)
        .set({
          nextBlock: scan.range.to + 1n,
          lastHash: scan.toHash,
          ...(scan.range.to >= scan.head ? { scannedAt: sql`now()`, scannedHead: scan.head } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(ledgerCursors.chainId, scan.chainId), eq(ledgerCursors.leaseOwner, scan.owner)))
        .returning({ chainId: ledgerCursors.chainId });
      if (moved.length === 0) throw new LostLease();
      if (scan.transfers.length === 0) return [];
      const depthNeeded = BigInt(Math.max(scan.confirmations, 1));
      const inserted = await tx
        .insert(chainTransfers)
        .values(
          scan.transfers.map((t) => ({
            id: `trf_${randomBase62(16)}`,
            chainId: scan.chainId,
            txHash: t.txHash,
            position: t.position,
            blockNumber: t.blockNumber,
            blockHash: t.blockHash,
            blockTime: t.blockTime,
            sender: t.sender,
            recipient: t.recipient,
            asset: t.asset,
            amount: t.amount.toString(),
            merchantId: t.merchantId,
            paymentId: t.binding?.paymentId ?? null,
            optionId: t.binding?.optionId ?? null,
            state: scan.head - t.blockNumber + 1n >= depthNeeded ? ("counted" as const) : ("seen" as const),
            match: t.binding ? ("bound" as const) : ("unmatched" as const),
            // The finality watch follows it from now on (reorgs, depth, finality).
            nextCheckAt: sql`now()`,
          })),
        )
        .onConflictDoNothing()
        .returning({ paymentId: chainTransfers.paymentId });
      return [...new Set(inserted.flatMap((r) => (r.paymentId ? [r.paymentId] : [])))];
    });
  } catch (err) {
    // Another instance took the scan over (this one ran past its lease): it records the range itself.
    if (err instanceof LostLease) return [];
    throw err;
  }
}
