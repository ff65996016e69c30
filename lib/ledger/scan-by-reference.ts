import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, payments } from "@/db/schema";
import type { ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { bindTransfers } from "./bind-transfers";
import { insertTransfers } from "./insert-transfers";
import { claimCursor, releaseCursor } from "./ledger-cursor";
import { loadReferenceWatches, sentByService, type WatchedOption } from "./load-reference-watches";
import { reconcilePayment } from "./reconcile-payment";
import { recordServiceCost } from "./record-service-cost";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";

/**
 * References asked about in one pass at most: with 8 reads in flight and a few hundred ms each on a
 * public endpoint, a pass ends in a few seconds, inside its lease, however many options are open.
 */
const REFERENCES_PER_PASS = 100;
/** Newest signatures read per reference: a payment's own transfer, a second one, some junk naming the key. */
const SIGNATURES_PER_REFERENCE = 10;

/** Where each network's round of its references stands, in this process (a new holder of the lease starts over). */
const roundAfter = new Map<string, string>();

/** The next page of the round: after the last option checked, wrapping to the first ones at the end. */
async function nextWatches(db: Db, chainId: string): Promise<WatchedOption[]> {
  const after = roundAfter.get(chainId) ?? "";
  let page = await loadReferenceWatches(db, chainId, after, REFERENCES_PER_PASS);
  if (page.length < REFERENCES_PER_PASS && after !== "") {
    const seen = new Set(page.map((w) => w.optionId));
    const head = await loadReferenceWatches(db, chainId, "", REFERENCES_PER_PASS - page.length);
    page = [...page, ...head.filter((w) => !seen.has(w.optionId))];
  }
  const last = page.at(-1)?.optionId;
  if (page.length < REFERENCES_PER_PASS || !last) roundAfter.delete(chainId);
  else roundAfter.set(chainId, last);
  return page;
}

/** Of these payments, those whose transfer the service sent and the settlement watcher still follows. */
async function heldByWatcher(db: Db, paymentIds: string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, paymentIds), sql`exists (${sentByService(sql`${payments.id}`)})`));
  return new Set(rows.map((r) => r.id));
}

/**
 * One pass of a network scanned by reference (Solana): the options handed out there recently name
 * their payments' transactions through their reference keys, so no block is read. Takes the network's
 * lease in ledger_cursors (its block cursor is left unused), so instances do not double the RPC work;
 * reads the next page of watched references and the transactions that are new (no transaction open),
 * binds and records each transfer once (the ledger's unique key; a pass killed anywhere is simply
 * done again), then reconciles the payments that gained one. The finality watch takes it from there.
 */
export async function scanByReference(
  db: Db,
  network: NetworkConfig,
  owner: string,
  adapter: Required<Pick<ChainAdapter, "scanReferences" | "chainTip">>,
): Promise<{ transfers: number; payments: number }> {
  const { chainId } = network;
  // A Solana chain id is named after its genesis hash already: a reset chain is another id.
  const cursor = await claimCursor(db, { chainId, genesisHash: chainId }, owner, env().LEDGER_LEASE_MS, 0n);
  if (!cursor) return { transfers: 0, payments: 0 };
  try {
    const watches = await nextWatches(db, chainId);
    if (watches.length === 0) return { transfers: 0, payments: 0 };
    const paymentIds = [...new Set(watches.map((w) => w.paymentId))];
    const paymentOf = new Map(watches.map((w) => [w.reference, w.paymentId]));
    const recorded = await db
      .select({ txHash: chainTransfers.txHash })
      .from(chainTransfers)
      .where(and(eq(chainTransfers.chainId, chainId), inArray(chainTransfers.paymentId, paymentIds)));
    const observed = await adapter.scanReferences(network, watches, {
      known: new Set(recorded.map((r) => r.txHash)),
      perReference: SIGNATURES_PER_REFERENCE,
    });
    // Checked again after the chain read: a co-signed transaction is on chain only after its submission was recorded.
    const held = await heldByWatcher(db, [...new Set(observed.flatMap((t) => paymentOf.get(t.references[0]!) ?? []))]);
    const free = observed.filter((t) => !held.has(paymentOf.get(t.references[0]!) ?? ""));
    if (free.length === 0) return { transfers: 0, payments: 0 };
    const tip = await adapter.chainTip(network);
    // The reference names the option; bindTransfers still checks that it pays that option's asset and recipient.
    const merchantOf = new Map(watches.map((w) => [w.recipient, w.merchantId]));
    const transfers = await bindTransfers(db, chainId, free, { merchantOf, native: false });
    const depth = BigInt(Math.max(network.confirmations, 1));
    // A transaction the service co-signed and the wallet sent (a Solana Pay transaction request) cost
    // the fee payer its fee and maybe a rent: recorded with the transfer, since no watcher follows it.
    const costs = transfers.filter((t) => t.paidByService && t.binding);
    const prices = costs.length > 0 ? livePriceSource(await currentPrices()) : undefined;
    const touched = await db.transaction(async (tx) => {
      const gained = await insertTransfers(
        tx,
        chainId,
        transfers,
        (t) => t.blockNumber <= tip.finalized || tip.head - t.blockNumber + 1n >= depth,
      );
      for (const t of costs) await recordServiceCost(tx, network, t.binding!.paymentId, t.paidByService!, prices);
      return gained;
    });
    for (const paymentId of touched)
      await reconcilePayment(db, paymentId).catch((err: unknown) =>
        log.error({ job: "ledger", paymentId, err: String(err) }, "reconcile failed; the finality watch retries"),
      );
    return { transfers: transfers.length, payments: touched.length };
  } finally {
    await releaseCursor(db, chainId, owner);
  }
}
