import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { placeholdersFor, runCompiled } from "@/db/compiled-statement";
import { chainTransfers } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import type { BoundTransfer } from "./bind-transfers";

/** When the finality watch first looks at a transfer recorded at its depth (counted). */
const COUNTED_FIRST_CHECK_MS = 5_000;
/** Batches up to this many rows are compiled once per shape (db/compiled-statement.ts). */
const COMPILED_ROWS = 4;

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
  const rows = transfers.map((t, i) => {
    const row = placeholdersFor(
      {
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
      },
      `r${i}_`,
    )!;
    // A transfer just read at its depth is not read again at once: the finality watch looks next for
    // a reorg or finality, a few seconds on. One short of its depth is looked at now.
    row.values[`r${i}_checkInS`] = counted(t) ? COUNTED_FIRST_CHECK_MS / 1000 : 0;
    return row;
  });
  // Built once per process for each shape of rows: the watcher records one transfer with every
  // payment it settles; a scan's batches vary in length, and past a few rows they are built afresh.
  const build = (on: DbOrTx) =>
    on
      .insert(chainTransfers)
      .values(
        rows.map((r, i) => ({
          ...(r.row as typeof chainTransfers.$inferInsert),
          nextCheckAt: sql`now() + make_interval(secs => ${sql.placeholder(`r${i}_checkInS`)}::float8)`,
        })),
      )
      .onConflictDoNothing()
      .returning({ paymentId: chainTransfers.paymentId });
  const values = Object.assign({}, ...rows.map((r) => r.values)) as Record<string, unknown>;
  const inserted =
    rows.length <= COMPILED_ROWS
      ? await runCompiled<{ paymentId: string | null }[]>(
          db,
          `insert-transfers:${rows.map((r) => r.shape).join(";")}`,
          build,
          values,
        )
      : await build(db).prepare("insert_transfers").execute(values);
  return [...new Set(inserted.flatMap((r) => (r.paymentId ? [r.paymentId] : [])))];
}
