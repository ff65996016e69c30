import { PublicKey, type Connection, type VersionedTransactionResponse } from "@solana/web3.js";
import type { ObservedTransfer, ReferenceWatch } from "@/lib/chains/chain-adapter";
import { referenceTransferOf } from "./reference-transfer";
import { solanaRpc } from "./solana-connection";

/** RPC reads in flight at once in one scan: a public endpoint's rate limit, not the pass's size, is the bound. */
const PARALLEL_READS = 8;

async function inBatches<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL_READS)
    results.push(...(await Promise.all(items.slice(i, i + PARALLEL_READS).map(read))));
  return results;
}

/**
 * The transfers to each watched reference's recipient, found through the reference key: the newest
 * `perReference` signatures that name it at "confirmed" (getSignaturesForAddress), then, for each one
 * that succeeded and is not in `known`, the transaction itself (getTransaction), read once per scan
 * however many references it carries. Every read has the connection's timeout; any failure is a
 * ChainRpcError and the whole scan is tried again on the next pass (recording is idempotent).
 * `feePayer`: the service's, so a transfer carries what it paid (a transaction it co-signed).
 */
export async function scanReferences(
  connection: Connection,
  watches: ReferenceWatch[],
  options: { known: ReadonlySet<string>; perReference: number; feePayer?: PublicKey },
): Promise<ObservedTransfer[]> {
  const found = await inBatches(watches, async (watch) => {
    const key = new PublicKey(Buffer.from(watch.reference.replace(/^0x/, ""), "hex"));
    const signatures = await solanaRpc("getSignaturesForAddress", () =>
      connection.getSignaturesForAddress(key, { limit: options.perReference }, "confirmed"),
    );
    // A failed transaction moved nothing; one already in the ledger needs no second read.
    return signatures.filter((s) => s.err === null && !options.known.has(s.signature)).map((s) => ({ watch, s }));
  });
  const pairs = found.flat();
  const unique = [...new Set(pairs.map((p) => p.s.signature))];
  const transactions = new Map<string, VersionedTransactionResponse | null>();
  await inBatches(unique, async (signature) => {
    const tx = await solanaRpc("getTransaction", () =>
      connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }),
    );
    transactions.set(signature, tx);
  });
  return pairs.flatMap(({ watch, s }) => {
    // Null: the node serving this read is behind the one that listed it; the next pass reads it again.
    const tx = transactions.get(s.signature);
    const transfer = tx ? referenceTransferOf(tx, s.signature, watch, options.feePayer) : undefined;
    return transfer ? [transfer] : [];
  });
}
