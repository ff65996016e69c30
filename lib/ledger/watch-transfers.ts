import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, type ChainTransfer, type TransferState } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import { minedIn, type ChainAdapter, type ChainTip, type LocatedTransfer } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { nextCheckDelayMs } from "@/lib/submissions/schedule";
import { reconcilePayment } from "./reconcile-payment";

/** Transfers located at once: an RPC endpoint sees at most this many reads of one pass in flight. */
const LOCATES_AT_ONCE = 16;
/** Transfers of one network looked at per pass at most. */
const BATCH = 100;

/**
 * Where a transfer stands when the block it was recorded in is still the canonical block at its
 * height (`hashNow`): a block with the same hash holds the same transactions and receipts, so the
 * transfer is still there, as deep as the tip says. Undefined when the block changed, is gone or was
 * not read: the transfer is then located afresh.
 */
export function locatedInUnchangedBlock(
  row: { blockNumber: bigint | null; blockHash: string | null },
  hashNow: string | undefined,
  tip: ChainTip,
): LocatedTransfer | undefined {
  if (row.blockNumber === null || row.blockHash === null || hashNow === undefined) return undefined;
  if (hashNow.toLowerCase() !== row.blockHash.toLowerCase()) return undefined;
  return minedIn({ blockNumber: row.blockNumber, blockHash: row.blockHash }, tip);
}

/**
 * The current hash of every block the rows were recorded in, where the chain can tell (EVM): from the
 * logs of their transfers in one call over their span where the adapter can (a burst of payments on
 * a chain that mines one per block had cost a block read each), else one read per block however
 * many transfers it holds. A read that fails leaves its blocks out.
 */
async function hashesNow(
  adapter: ChainAdapter,
  network: NetworkConfig,
  rows: ChainTransfer[],
): Promise<Map<bigint, string>> {
  const recorded = rows.flatMap((r) =>
    r.blockNumber === null ? [] : [{ blockNumber: r.blockNumber, asset: r.asset, recipient: r.recipient }],
  );
  if (adapter.transferBlockHashes)
    return adapter.transferBlockHashes(network, recorded, BigInt(env().LEDGER_MAX_RANGE_BLOCKS));
  const hashes = new Map<bigint, string>();
  if (!adapter.blockHash) return hashes;
  const blocks = [...new Set(recorded.map((r) => r.blockNumber))];
  for (let i = 0; i < blocks.length; i += LOCATES_AT_ONCE)
    await Promise.all(
      blocks.slice(i, i + LOCATES_AT_ONCE).map(async (block) => {
        const hash = await adapter.blockHash!(network, block).catch(() => undefined);
        if (hash !== undefined) hashes.set(block, hash);
      }),
    );
  return hashes;
}

/** The state a transfer is in once the chain was asked where it stands. */
export function nextTransferState({
  current,
  located,
  confirmations,
  now,
  droppedAfterMs,
}: {
  current: { state: TransferState; reorgedAt: Date | null };
  located: LocatedTransfer;
  confirmations: number;
  now: Date;
  droppedAfterMs: number;
}): { state: TransferState; reorgedAt: Date | null } {
  if (located.state === "mined") {
    const state = located.final ? "final" : located.confirmations >= Math.max(confirmations, 1) ? "counted" : "seen";
    return { state, reorgedAt: null };
  }
  const since = current.reorgedAt ?? now;
  if (now.getTime() - since.getTime() >= droppedAfterMs) return { state: "dropped", reorgedAt: since };
  return { state: "reorged", reorgedAt: since };
}

/**
 * One pass of the finality watch for one network: claim its transfers that are due (leased, SKIP
 * LOCKED: instances share them), read the chain's head and finality once, read each of their blocks
 * once (EVM), locate each transfer whose block changed (or every one, on Solana), and record its
 * depth, a reorg, its return or its loss; the payments whose transfers changed are
 * reconciled. A final or dropped transfer is never looked at again.
 */
export async function watchTransfers(db: Db, network: NetworkConfig): Promise<number> {
  const adapter = adapterFor(namespaceOf(network.chainId));
  if (!adapter?.chainTip || !adapter.locateTransfer) return 0;
  const { LEDGER_LEASE_MS, DROPPED_TX_TIMEOUT_S } = env();
  const claimed = await db.execute<{ id: string }>(sql`
    update ${chainTransfers} set next_check_at = now() + make_interval(secs => ${LEDGER_LEASE_MS / 1000}), checks = checks + 1
    where id in (
      select id from ${chainTransfers}
      where next_check_at <= now() and chain_id = ${network.chainId}
      order by next_check_at limit ${BATCH}
      for update skip locked
    )
    returning id`);
  if (claimed.length === 0) return 0;
  const rows = await db
    .select()
    .from(chainTransfers)
    .where(
      inArray(
        chainTransfers.id,
        claimed.map((r) => r.id),
      ),
    );
  const tip = await adapter.chainTip(network);
  const changedPayments = new Set<string>();
  const locatedOf = new Map<string, LocatedTransfer>();
  const hashes = await hashesNow(adapter, network, rows);
  const toLocate: ChainTransfer[] = [];
  for (const row of rows) {
    const located = locatedInUnchangedBlock(
      row,
      row.blockNumber === null ? undefined : hashes.get(row.blockNumber),
      tip,
    );
    if (located) locatedOf.set(row.id, located);
    else toLocate.push(row);
  }
  // Read together (no transaction open), a few at a time: Solana's status reads then share one call.
  for (let i = 0; i < toLocate.length; i += LOCATES_AT_ONCE)
    await Promise.all(
      toLocate.slice(i, i + LOCATES_AT_ONCE).map(async (row) => {
        const transfer = {
          txHash: row.txHash,
          position: row.position,
          asset: row.asset,
          recipient: row.recipient,
          amount: BigInt(row.amount),
        };
        // One read that fails leaves its row to the next pass after the lease; the others are recorded.
        await adapter.locateTransfer!(network, transfer, tip).then(
          (located) => locatedOf.set(row.id, located),
          (err: unknown) => log.warn({ job: "ledger", txHash: row.txHash, err: String(err) }, "locate failed"),
        );
      }),
    );
  for (const row of rows) {
    const located = locatedOf.get(row.id);
    if (!located) continue;
    const next = nextTransferState({
      current: row,
      located,
      confirmations: network.confirmations,
      now: new Date(),
      droppedAfterMs: DROPPED_TX_TIMEOUT_S * 1000,
    });
    await record(db, { row, next, located });
    if (next.state !== row.state && row.paymentId) changedPayments.add(row.paymentId);
  }
  for (const paymentId of changedPayments)
    await reconcilePayment(db, paymentId).catch((err: unknown) =>
      log.error({ job: "ledger", paymentId, err: String(err) }, "reconcile failed"),
    );
  return rows.length;
}

async function record(
  db: Db,
  {
    row,
    next,
    located,
  }: { row: ChainTransfer; next: { state: TransferState; reorgedAt: Date | null }; located: LocatedTransfer },
): Promise<void> {
  const watched = next.state !== "final" && next.state !== "dropped";
  if (next.state !== row.state)
    log.info(
      { job: "ledger", txHash: row.txHash, from: row.state, to: next.state, paymentId: row.paymentId },
      "transfer moved",
    );
  await db
    .update(chainTransfers)
    .set({
      state: next.state,
      reorgedAt: next.reorgedAt,
      ...(located.state === "mined" ? { blockNumber: located.blockNumber, blockHash: located.blockHash } : {}),
      // A reorged transfer is looked at again soon: it may be mined again within moments.
      nextCheckAt: watched
        ? sql`now() + make_interval(secs => ${(next.state === "reorged" ? 500 : nextCheckDelayMs(row.checks)) / 1000})`
        : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(chainTransfers.id, row.id)));
}
