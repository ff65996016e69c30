import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerCursors } from "@/db/schema";
import type { BoundTransfer } from "./bind-transfers";
import { insertTransfers } from "./insert-transfers";

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
      const depthNeeded = BigInt(Math.max(scan.confirmations, 1));
      return insertTransfers(tx, {
        chainId: scan.chainId,
        transfers: scan.transfers,
        counted: (t) => scan.head - t.blockNumber + 1n >= depthNeeded,
      });
    });
  } catch (err) {
    // Another instance took the scan over (this one ran past its lease): it records the range itself.
    if (err instanceof LostLease) return [];
    throw err;
  }
}
