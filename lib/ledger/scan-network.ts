import type { Db } from "@/db/client";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { bindTransfers } from "./bind-transfers";
import { claimCursor, markCaughtUp, releaseCursor, rewindCursor } from "./ledger-cursor";
import { loadWatchSet } from "./load-watch-set";
import { leftToRead } from "./left-to-read";
import { reconcilePayment } from "./reconcile-payment";
import { recordScan } from "./record-scan";
import { scanByAccount } from "./scan-by-account";

/** Blocks read one by one for native transfers in one scan at most: a block read each. */
const MAX_NATIVE_RANGE = 50n;
/** How far a scan steps back when the block under its cursor changed (a reorg deeper than one block). */
const REORG_REWIND = 64n;
const genesisHashes = new Map<string, string>();

/** The hash of a network's first block, read once per process. */
async function genesisOf(network: NetworkConfig, read: () => Promise<string | undefined>): Promise<string> {
  let hash = genesisHashes.get(network.chainId);
  if (!hash) {
    hash = (await read()) ?? "unknown";
    genesisHashes.set(network.chainId, hash);
  }
  return hash;
}

export type ScanOutcome = { scanned?: { from: bigint; to: bigint }; transfers: number; payments: number };

/**
 * One scan of one network, from any instance: take the network's lease, check that the block under
 * the cursor is still canonical (else step back), read the transfers to watched addresses in the next
 * range (chain calls with no transaction open), record them and move the cursor (one transaction),
 * then reconcile the payments they are bound to. A scan that finds the lease taken does nothing.
 */
export async function scanNetwork(db: Db, network: NetworkConfig, owner: string): Promise<ScanOutcome> {
  const none = { transfers: 0, payments: 0 };
  const adapter = adapterFor(namespaceOf(network.chainId));
  // Solana: found account by account (the chain indexes transactions by the accounts they name), not block by block.
  if (adapter?.accountSignatures && adapter.accountTransfers && adapter.chainTip)
    return scanByAccount(db, {
      network,
      owner,
      adapter: {
        accountSignatures: adapter.accountSignatures,
        accountTransfers: adapter.accountTransfers,
        chainTip: adapter.chainTip,
      },
    });
  if (!adapter?.chainHead || !adapter.blockHash || !adapter.scanBlocks) return none;
  const settings = env();
  const head = await adapter.chainHead(network);
  const start =
    head > BigInt(settings.LEDGER_START_LOOKBACK_BLOCKS) ? head - BigInt(settings.LEDGER_START_LOOKBACK_BLOCKS) : 0n;
  const genesisHash = await genesisOf(network, () => adapter.blockHash!(network, 0n));
  const cursor = await claimCursor(db, {
    chainId: network.chainId,
    genesisHash,
    owner,
    leaseMs: settings.LEDGER_LEASE_MS,
    startBlock: start,
  });
  if (!cursor) return none;
  try {
    // A node behind the blocks already scanned (a lagging fallback endpoint): wait for it.
    if (cursor.nextBlock > head + 1n) return none;
    if (cursor.nextBlock > 0n && cursor.lastHash) {
      const hash = await adapter.blockHash(network, cursor.nextBlock - 1n);
      if (hash !== undefined && hash !== cursor.lastHash) {
        const back = cursor.nextBlock > REORG_REWIND ? cursor.nextBlock - REORG_REWIND : 0n;
        log.warn(
          { job: "ledger", chainId: network.chainId, from: String(back) },
          "reorg under the scan: scanning again",
        );
        await rewindCursor(db, { chainId: network.chainId, owner, nextBlock: back });
        return none;
      }
    }
    if (cursor.nextBlock > head) {
      await markCaughtUp(db, { chainId: network.chainId, owner, head });
      return none;
    }
    const watch = await loadWatchSet(db, network.chainId);
    const maxRange = watch.native ? MAX_NATIVE_RANGE : BigInt(settings.LEDGER_MAX_RANGE_BLOCKS);
    const range = {
      from: cursor.nextBlock,
      to: head < cursor.nextBlock + maxRange - 1n ? head : cursor.nextBlock + maxRange - 1n,
    };
    const toHash = await adapter.blockHash(network, range.to);
    if (!toHash) return none;
    // Held back (a young relay the watcher is settling): the range ends at the last listed block before it.
    const held: { from?: bigint; end?: { block: bigint; hash: string } } = {};
    const observed = await adapter.scanBlocks(network, range, {
      recipients: [...watch.merchantOf.keys()],
      native: watch.native,
      toRead: async (listed, blocksRead) => {
        const { read, holdFrom } = await leftToRead(db, { chainId: network.chainId, listed });
        if (holdFrom !== undefined) {
          held.from = holdFrom;
          // The last block before the held one whose hash this scan read (with its transfers, or whole).
          const known = [...listed.map((l) => [l.blockNumber, l.blockHash] as const), ...blocksRead].filter(
            ([block]) => block < holdFrom,
          );
          const last = known.reduce<(typeof known)[number] | undefined>(
            (a, b) => (!a || b[0] > a[0] ? b : a),
            undefined,
          );
          if (last) held.end = { block: last[0], hash: last[1] };
        }
        return read;
      },
    });
    const holdFrom = held.from;
    // Nothing listed before the held block: the cursor stays, the next pass scans from it again.
    if (holdFrom !== undefined && !held.end) return none;
    const scanned = held.end ? { from: range.from, to: held.end.block } : range;
    const kept = holdFrom === undefined ? observed : observed.filter((t) => t.blockNumber < holdFrom);
    const transfers = await bindTransfers(db, { chainId: network.chainId, transfers: kept, watch });
    const paymentIds = await recordScan(db, {
      chainId: network.chainId,
      owner,
      range: scanned,
      // The hash the listing gave for the held range's last block: read with the transfers it holds.
      toHash: held.end ? held.end.hash : toHash,
      head,
      confirmations: network.confirmations,
      transfers,
    });
    for (const paymentId of paymentIds) {
      await reconcilePayment(db, paymentId).catch((err: unknown) =>
        log.error({ job: "ledger", paymentId, err: String(err) }, "reconcile failed; the finality watch retries"),
      );
    }
    return { scanned, transfers: transfers.length, payments: paymentIds.length };
  } finally {
    await releaseCursor(db, network.chainId, owner);
  }
}
