import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { chainTransfers } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import type { BoundTransfer } from "./bind-transfers";

/** When the finality watch first looks at a transfer recorded at its depth (counted). */
const COUNTED_FIRST_CHECK_MS = 5_000;

/**
 * Put found transfers in the ledger, each once: the unique key (chain, transaction, position) makes a
 * second find by any scanner or instance (a rescan, a resumed pass) add nothing. `counted`: whether
 * a transfer is deep enough to count for its payment now; the finality watch follows every inserted
 * one from here on (reorgs, depth, finality). Returns the payments that gained a transfer, to reconcile.
 */
export async function insertTransfers(
  db: DbOrTx,
  {
    chainId,
    transfers,
    counted,
  }: { chainId: string; transfers: BoundTransfer[]; counted: (transfer: BoundTransfer) => boolean },
): Promise<string[]> {
  if (transfers.length === 0) return [];
  const inserted = await db
    .insert(chainTransfers)
    .values(
      transfers.map((t) => ({
        id: `trf_${randomBase62(16)}`,
        chainId,
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
        state: counted(t) ? ("counted" as const) : ("seen" as const),
        match: t.binding ? ("bound" as const) : ("unmatched" as const),
        // A transfer just read at its depth is not read again at once: the finality watch looks next for
        // a reorg or finality, a few seconds on. One short of its depth is looked at now.
        nextCheckAt: counted(t) ? sql`now() + make_interval(secs => ${COUNTED_FIRST_CHECK_MS / 1000})` : sql`now()`,
      })),
    )
    .onConflictDoNothing()
    .returning({ paymentId: chainTransfers.paymentId });
  return [...new Set(inserted.flatMap((r) => (r.paymentId ? [r.paymentId] : [])))];
}
