import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { ledgerCursors } from "@/db/schema";

export type Cursor = { nextBlock: bigint; lastHash: string | null };

/**
 * Take a network's scan for `leaseMs` (or keep it, for the instance that holds it): undefined while
 * another instance holds a lease that has not run out. The first claim of a network starts its cursor at
 * `startBlock`, and so does a claim that finds another chain under the same id (`genesisHash` differs:
 * a devnet restarted under a kept database), where the blocks scanned before no longer exist.
 */
export async function claimCursor(
  db: Db,
  {
    chainId,
    genesisHash,
    owner,
    leaseMs,
    startBlock,
  }: { chainId: string; genesisHash: string; owner: string; leaseMs: number; startBlock: bigint },
): Promise<Cursor | undefined> {
  // One statement: the first claim of a network makes its row (leased), a later one takes the lease
  // when it is free, run out or already ours (every scan pass of every instance runs this).
  const lease = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const [row] = await db
    .insert(ledgerCursors)
    .values({ chainId, genesisHash, nextBlock: startBlock, leaseOwner: owner, leaseUntil: lease })
    .onConflictDoUpdate({
      target: ledgerCursors.chainId,
      set: { leaseOwner: owner, leaseUntil: lease },
      setWhere: or(
        isNull(ledgerCursors.leaseUntil),
        lt(ledgerCursors.leaseUntil, sql`now()`),
        eq(ledgerCursors.leaseOwner, owner),
      ),
    })
    .returning({
      nextBlock: ledgerCursors.nextBlock,
      lastHash: ledgerCursors.lastHash,
      genesisHash: ledgerCursors.genesisHash,
    });
  if (!row || row.genesisHash === genesisHash) return row;
  await db
    .update(ledgerCursors)
    .set({
      genesisHash,
      nextBlock: startBlock,
      lastHash: null,
      scannedAt: null,
      scannedHead: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(ledgerCursors.chainId, chainId), eq(ledgerCursors.leaseOwner, owner)));
  return { nextBlock: startBlock, lastHash: null };
}

/** Give the scan back at once (another instance may take it on its next pass). */
export async function releaseCursor(db: Db, chainId: string, owner: string): Promise<void> {
  await db
    .update(ledgerCursors)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(ledgerCursors.chainId, chainId), eq(ledgerCursors.leaseOwner, owner)));
}

/**
 * Move the cursor back to `nextBlock` (a reorg under it, or a chain reset under a kept database), only
 * while this instance holds the scan.
 */
export async function rewindCursor(
  db: Db,
  { chainId, owner, nextBlock }: { chainId: string; owner: string; nextBlock: bigint },
): Promise<void> {
  await db
    .update(ledgerCursors)
    .set({ nextBlock, lastHash: null, updatedAt: sql`now()` })
    .where(and(eq(ledgerCursors.chainId, chainId), eq(ledgerCursors.leaseOwner, owner)));
}

/** The scan is at the head: every transfer mined up to `head` is in the ledger as of now. */
export async function markCaughtUp(
  db: Db,
  { chainId, owner, head }: { chainId: string; owner: string; head: bigint },
): Promise<void> {
  await db
    .update(ledgerCursors)
    .set({ scannedAt: sql`now()`, scannedHead: head, updatedAt: sql`now()` })
    .where(and(eq(ledgerCursors.chainId, chainId), eq(ledgerCursors.leaseOwner, owner)));
}

/** When the network's scan last reached the head: everything mined before then is in the ledger. */
export async function scannedAt(db: Db, chainId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: ledgerCursors.scannedAt })
    .from(ledgerCursors)
    .where(eq(ledgerCursors.chainId, chainId));
  return row?.at ?? undefined;
}
