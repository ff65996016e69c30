import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { chainTransfers, ledgerAccountCursors, paymentSubmissions, payments } from "@/db/schema";
import type { AccountSignatures, AccountWatch, ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { advanceCursors } from "./advance-account-cursors";
import { bindTransfers } from "./bind-transfers";
import { insertTransfers } from "./insert-transfers";
import { claimCursor, releaseCursor } from "./ledger-cursor";
import { loadActiveWatches, sentByService } from "./load-account-watches";
import { loadWatchSet } from "./load-watch-set";
import { reconcilePayment } from "./reconcile-payment";
import { recordServiceCost } from "./record-service-cost";

/**
 * Accounts of merchants with nothing open read per pass, besides those with open payments: money
 * from anyone to any merchant is found, the idle ones a few passes later, at a bounded cost per pass.
 */
const IDLE_ACCOUNTS_PER_PASS = 20;
/** Signatures read the first time an account is watched: its recent past, not its whole history. */
const FIRST_SIGHT = 20;
/** ... and of those, transfers younger than this (money from before the service watched is not its business). */
const FIRST_SIGHT_MAX_AGE_MS = 2 * 24 * 3600_000;

const keyOf = (w: AccountWatch) => `${w.recipient} ${w.asset}`;
/** Where each network's round of its idle accounts stands, in this process. */
const idleRound = new Map<string, number>();

/** The accounts of this pass: every one an open payment may be paid to, and the next few of the others. */
function watchesOfPass(chainId: string, active: AccountWatch[], all: AccountWatch[]): AccountWatch[] {
  const activeKeys = new Set(active.map(keyOf));
  const idle = all.filter((w) => !activeKeys.has(keyOf(w))).sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const start = idle.length === 0 ? 0 : (idleRound.get(chainId) ?? 0) % idle.length;
  const page = idle.slice(start, start + IDLE_ACCOUNTS_PER_PASS);
  idleRound.set(chainId, start + page.length);
  return [...active, ...page];
}

/** The cursors of these watches: `recipient asset` -> the last signature looked at. */
async function cursorsOf(db: Db, chainId: string, watches: AccountWatch[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(ledgerAccountCursors)
    .where(
      and(
        eq(ledgerAccountCursors.chainId, chainId),
        inArray(ledgerAccountCursors.recipient, [...new Set(watches.map((w) => w.recipient))]),
      ),
    );
  return new Map(rows.map((r) => [keyOf(r), r.lastSignature]));
}

/**
 * Each (signature, watch) not in the ledger yet, grouped by signature: the transactions to read. A
 * signature the service sent itself and the settlement watcher still follows is not read (`held`):
 * the cursor waits before it until the watcher is done, and the next pass records it.
 */
export async function toRead(db: Db, chainId: string, listed: AccountSignatures[]) {
  const signatures = [...new Set(listed.flatMap((l) => l.signatures.filter((s) => !s.failed).map((s) => s.signature)))];
  if (signatures.length === 0) return { reads: [], held: [] };
  // Submissions first: the watcher closes one and records its transfer in one transaction, so a
  // signature is either still open here or recorded below, never neither (read the other way round, a
  // close committed between the two reads would have the scan read the transaction itself).
  const sent = await db
    .select({ txHash: paymentSubmissions.txHash, state: paymentSubmissions.state })
    .from(paymentSubmissions)
    .where(and(inArray(paymentSubmissions.txHash, signatures), ne(paymentSubmissions.kind, "wallet_sent")));
  const recorded = await db
    .select({ txHash: chainTransfers.txHash, recipient: chainTransfers.recipient, asset: chainTransfers.asset })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.chainId, chainId), inArray(chainTransfers.txHash, signatures)));
  const held = new Set(sent.filter((r) => r.state === "open").map((r) => r.txHash));
  const known = new Set(recorded.map((r) => `${r.txHash} ${keyOf(r)}`));
  // A transaction the service built and the watcher settled moves nothing to its recipient but what the
  // watcher recorded: its other accounts listing it (the wallet for SOL, when a token was paid) need no read.
  const built = new Set(sent.map((r) => r.txHash));
  const settledFor = new Set(recorded.filter((r) => built.has(r.txHash)).map((r) => `${r.txHash} ${r.recipient}`));
  const reads = new Map<string, AccountWatch[]>();
  for (const { watch, signatures: listedOfWatch } of listed)
    for (const { signature, failed } of listedOfWatch)
      if (
        !failed &&
        !held.has(signature) &&
        !known.has(`${signature} ${keyOf(watch)}`) &&
        !settledFor.has(`${signature} ${watch.recipient}`)
      )
        reads.set(signature, [...(reads.get(signature) ?? []), watch]);
  return { reads: [...reads].map(([signature, watches]) => ({ signature, watches })), held: [...held] };
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
 * One pass of a network scanned account by account (Solana): the chain indexes every transaction by
 * the accounts it names, so each watched receiving account is asked for what reached it since its
 * cursor: one read per account, however many payments are open to it. Takes the network's lease in
 * ledger_cursors (its block cursor is left unused), so instances do not double the RPC work; reads the
 * new transactions (no database transaction open), binds each transfer to the option whose reference
 * it carries or leaves it unmatched (money from anyone, with no reference, is found too), then records
 * the transfers and moves the cursors in one transaction (a pass killed anywhere is simply done again),
 * and reconciles the payments that gained one. The finality watch takes it from there.
 */
export async function scanByAccount(
  db: Db,
  {
    network,
    owner,
    adapter,
  }: {
    network: NetworkConfig;
    owner: string;
    adapter: Required<Pick<ChainAdapter, "accountSignatures" | "accountTransfers" | "chainTip">>;
  },
): Promise<{ transfers: number; payments: number }> {
  const { chainId } = network;
  // A Solana chain id is named after its genesis hash already: a reset chain is another id.
  const cursor = await claimCursor(db, {
    chainId,
    genesisHash: chainId,
    owner,
    leaseMs: env().LEDGER_LEASE_MS,
    startBlock: 0n,
  });
  if (!cursor) return { transfers: 0, payments: 0 };
  try {
    const watchSet = await loadWatchSet(db, chainId);
    const assets = network.tokens.map((t) => t.caip19);
    const all = [...watchSet.merchantOf.keys()].flatMap((recipient) => assets.map((asset) => ({ recipient, asset })));
    const watches = watchesOfPass(chainId, await loadActiveWatches(db, chainId), all);
    if (watches.length === 0) return { transfers: 0, payments: 0 };
    const cursors = await cursorsOf(db, chainId, watches);
    const listed = await adapter.accountSignatures(network, { watches, cursors, firstSight: FIRST_SIGHT });
    const { reads, held: sentHeld } = await toRead(db, chainId, listed);
    const { transfers: observed, unread } =
      reads.length > 0 ? await adapter.accountTransfers(network, reads) : { transfers: [], unread: [] };
    const tooOld = Date.now() - FIRST_SIGHT_MAX_AGE_MS;
    const found = observed.filter((t) => cursors.has(keyOf(t)) || t.blockTime.getTime() >= tooOld);
    const bound = await bindTransfers(db, { chainId, transfers: found, watch: watchSet });
    // Checked after the chain read: a co-signed transaction is on chain only after its submission was recorded.
    const held = await heldByWatcher(db, [...new Set(bound.flatMap((t) => t.binding?.paymentId ?? []))]);
    const free = bound.filter((t) => !held.has(t.binding?.paymentId ?? ""));
    // A cursor stops before what must be read again: a held transfer, a transaction the node did not have.
    const again = new Set([...sentHeld, ...unread, ...bound.filter((t) => !free.includes(t)).map((t) => t.txHash)]);
    const moves = advanceCursors(listed, cursors, again);
    const tip = free.length > 0 ? await adapter.chainTip(network) : undefined;
    const depth = BigInt(Math.max(network.confirmations, 1));
    // A transaction the service co-signed and the wallet sent (a Solana Pay transaction request) cost
    // the fee payer its fee and maybe a rent: recorded with the transfer, since no watcher follows it.
    const costs = free.filter((t) => t.paidByService && t.binding);
    const prices = costs.length > 0 ? livePriceSource(await currentPrices()) : undefined;
    const touched = await db.transaction(async (tx) => {
      const gained = await insertTransfers(tx, {
        chainId,
        transfers: free,
        counted: (t) => !!tip && (t.blockNumber <= tip.finalized || tip.head - t.blockNumber + 1n >= depth),
      });
      for (const t of costs)
        await recordServiceCost(tx, { network, paymentId: t.binding!.paymentId, cost: t.paidByService!, prices });
      for (const move of moves)
        await tx
          .insert(ledgerAccountCursors)
          .values({ chainId, ...move })
          .onConflictDoUpdate({
            target: [ledgerAccountCursors.chainId, ledgerAccountCursors.recipient, ledgerAccountCursors.asset],
            set: { lastSignature: move.lastSignature, updatedAt: sql`now()` },
          });
      return gained;
    });
    for (const paymentId of touched)
      await reconcilePayment(db, paymentId).catch((err: unknown) =>
        log.error({ job: "ledger", paymentId, err: String(err) }, "reconcile failed; the finality watch retries"),
      );
    return { transfers: free.length, payments: touched.length };
  } finally {
    await releaseCursor(db, chainId, owner);
  }
}
