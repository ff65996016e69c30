import type { Db } from "@/db/client";
import type { PaymentSubmission } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { loadNetworks } from "@/lib/chains/load-networks";
import { namespaceOf } from "@/lib/chains/caip";
import type { ChainAdapter, Observation, PaidFee, Tracked, TransferIntent } from "@/lib/chains/chain-adapter";
import { createNetworkSlots } from "@/lib/concurrency/network-slots";
import { env } from "@/lib/env";
import type { FeesPaid } from "@/lib/fees/record-service-fees";
import { intentOfOption } from "@/lib/gateway/option-intent";
import { ledgerSaysSince } from "@/lib/ledger/ledger-coverage";
import { log } from "@/lib/log";
import { claimDueSubmissions, type DueSubmission } from "./claim-due-submissions";
import { finishLateTransfer, finishSubmission, rescheduleSubmission } from "./finish-submission";
import { fillNonceGaps } from "./fill-nonce-gaps";
import { replaceRelay } from "./replace-relay";
import { CLAIM_LEASE_MS, nextCheckDelayMs } from "./schedule";

/**
 * Submissions of one network looked at on chain by this process at most. A pass claims only as many
 * as are free, per network, so no claimed row waits behind others, and passes go on while slow
 * checks run: checks stuck on a network whose RPC stalls hold that network's slots, never another's.
 */
const MAX_IN_FLIGHT_PER_NETWORK = 32;
/** Slot key of submissions on networks the configuration no longer names (each such check fails and backs off). */
const OTHER_NETWORKS = "other";
/**
 * A check ends within this, whatever its RPC calls do (they are aborted then): before its row's
 * lease runs out and another pass, here or on another instance, may claim the row again. The
 * margin leaves time to write what the check saw.
 */
const CHECK_DEADLINE_MS = CLAIM_LEASE_MS - 5_000;
const slots = createNetworkSlots(MAX_IN_FLIGHT_PER_NETWORK);

/**
 * One pass of the settlement watcher: claim the submissions that are due (any instance may run
 * passes at the same time), look at each on its chain with no database transaction open, and
 * write what was seen: final, or when to look again. Returns how many rows it claimed; with
 * `wait` (tests, benchmarks) once their checks are done, else at once.
 */
export async function checkDueSubmissions(db: Db, options: { wait: boolean } = { wait: true }): Promise<number> {
  const perChain = new Map(loadNetworks().map((n) => [n.chainId, slots.free(n.chainId)]));
  const others = slots.free(OTHER_NETWORKS);
  if (others === 0 && ![...perChain.values()].some((free) => free > 0)) return 0;
  const due = await claimDueSubmissions(db, { perChain, others });
  const checks = due.map((row) => {
    const key = perChain.has(row.submission.chainId) ? row.submission.chainId : OTHER_NETWORKS;
    return slots
      .run(key, CHECK_DEADLINE_MS, () => checkOne(db, row))
      .catch((err: unknown) => {
        // Its RPC calls are aborted; the row is due again when its lease runs out.
        log.warn({ job: "watcher", paymentId: row.submission.paymentId, err: String(err) }, "check abandoned");
      });
  });
  if (options.wait) await Promise.all(checks);
  return due.length;
}

function trackedOf({ submission, paymentCreatedAt }: DueSubmission): Tracked {
  return {
    kind: submission.kind,
    txHashes: [submission.txHash, ...submission.replacedHashes],
    payerNonce: submission.payerNonce ?? undefined,
    relayer: submission.relayer ?? undefined,
    relayNonce: submission.relayNonce ?? undefined,
    lastValidBlockHeight: submission.lastValidBlockHeight ?? undefined,
    notBefore: paymentCreatedAt,
  };
}

async function checkOne(db: Db, due: DueSubmission): Promise<void> {
  const { submission } = due;
  const later = () => rescheduleSubmission(db, submission.paymentId, nextCheckDelayMs(submission.checks), "keep");
  try {
    const adapter = adapterFor(namespaceOf(submission.chainId));
    if (!adapter) throw new Error(`no adapter for ${submission.chainId}`);
    const offered = intentOfOption(due.option);
    // A wallet that changed the amount: watch for what its transfer carries.
    const intent =
      submission.receivedAmount === null ? offered : { ...offered, amount: BigInt(submission.receivedAmount) };
    const seen = await adapter.observe(intent, trackedOf(due));
    if (submission.late && (seen.state === "confirmed" || seen.state === "failed")) {
      const landed = seen.state === "confirmed";
      return finishLateTransfer(
        db,
        { paymentId: submission.paymentId, option: due.option },
        landed
          ? {
              landed,
              txHash: seen.txHash,
              amount: intent.amount,
              symbol: intent.token.symbol,
              decimals: intent.token.decimals,
            }
          : { landed, reason: seen.reason },
      );
    }
    await act(db, adapter, intent, offered.amount, submission, seen);
  } catch (err) {
    // An unreachable chain (or a network taken out of the configuration) leaves the payment
    // processing; it is looked at again later, backing off like any other check.
    log.warn({ job: "watcher", paymentId: submission.paymentId, err: String(err) }, "check failed");
    await later().catch(() => {});
  }
}

async function act(
  db: Db,
  adapter: ChainAdapter,
  intent: TransferIntent,
  offered: bigint,
  submission: PaymentSubmission,
  seen: Observation,
): Promise<void> {
  const id = submission.paymentId;
  const delay = nextCheckDelayMs(submission.checks);
  if (seen.state === "confirmed" && intent.amount !== offered) {
    const exception = intent.amount < offered ? "underpaid" : "overpaid";
    const reason = `${exception}: received ${intent.amount} base units, the option asked ${offered}`;
    return finishSubmission(db, id, {
      status: "failed",
      reason,
      exception,
      txHash: seen.txHash,
      receivedAmount: intent.amount,
      fees: feesOf(intent, seen),
    });
  }
  if (seen.state === "confirmed")
    return finishSubmission(db, id, {
      status: "succeeded",
      txHash: seen.txHash,
      sponsored: seen.sponsored,
      fees: feesOf(intent, seen),
    });
  if (seen.state === "failed")
    return finishSubmission(db, id, { status: "failed", reason: seen.reason, fees: feesOf(intent, seen) });
  // Still not landed: however it waits (underpriced in a mempool, unknown, stuck behind a nonce), a
  // processing payment ends at its deadline, so nobody can pin one with a transaction that never mines.
  const waitedS = (Date.now() - submission.createdAt.getTime()) / 1000;
  if (waitedS >= env().PROCESSING_DEADLINE_S)
    return finishSubmission(db, id, {
      status: "failed",
      reason: `stuck: the transfer did not land within ${env().PROCESSING_DEADLINE_S} s`,
      exception: "stuck",
    });
  if (seen.state === "pending") {
    if (submission.kind === "relay" && !seen.mined) await unblockRelay(db, adapter, intent, submission);
    return rescheduleSubmission(db, id, delay, "clear");
  }
  // The network does not know the transaction.
  if (seen.expired)
    return finishSubmission(db, id, { status: "failed", reason: "blockhash expired before the transaction landed" });
  if (submission.rawTx && submission.kind === "relay") {
    if (seen.nonceUsed) {
      // Our relay can never be mined, and nobody used the authorization: relay it again, if it still holds.
      if (intent.validBefore * 1000 <= Date.now() + 10_000)
        return finishSubmission(db, id, {
          status: "failed",
          reason: "authorization expired before it could be relayed",
        });
      await replaceRelay(db, adapter, intent.network, submission, "renonce");
      return rescheduleSubmission(db, id, delay, "clear");
    }
    await adapter.broadcast(intent.network, submission.rawTx, { preflight: false });
    await unblockRelay(db, adapter, intent, submission);
    return rescheduleSubmission(db, id, delay, "now");
  }
  if (submission.rawTx) {
    // Our own co-signed bytes: resending them is idempotent, and keeps them alive until their blockhash expires.
    await adapter.broadcast(intent.network, submission.rawTx, { preflight: false });
    return rescheduleSubmission(db, id, delay, "now");
  }
  // A transaction the wallet broadcast (we never resend a buyer's transaction).
  if (seen.nonceUsed) {
    // Replaced ("speed up") or dropped. A replacement carries the same input, so the ledger binds it to
    // this payment and settles it; fail only once the ledger has scanned past this moment and found none.
    if (!submission.nonceUsedAt) return rescheduleSubmission(db, id, delay, "nonce_used");
    const ledger = await ledgerSaysSince(db, submission.chainId, id, submission.nonceUsedAt);
    if (ledger !== "none") return rescheduleSubmission(db, id, delay, "keep");
    return finishSubmission(db, id, {
      status: "failed",
      reason:
        "the payer's nonce moved past the transaction without it being mined, and no replacement reached the merchant",
    });
  }
  const unseenFor = submission.unseenSince ? Date.now() - submission.unseenSince.getTime() : 0;
  if (unseenFor >= env().DROPPED_TX_TIMEOUT_S * 1000) {
    return finishSubmission(db, id, {
      status: "failed",
      reason: `dropped: unknown to the network for ${Math.round(unseenFor / 1000)} s`,
    });
  }
  return rescheduleSubmission(db, id, delay, "now");
}

function feesOf(intent: TransferIntent, seen: { fees?: PaidFee[] }): FeesPaid | undefined {
  return seen.fees?.length ? { network: intent.network, paid: seen.fees } : undefined;
}

/** Checks of a relay before it counts as waiting: a healthy one is mined by then. */
const WAITING_AFTER_CHECKS = 3;

/**
 * A relay that has waited a few checks unmined: fill nonce gaps below it (nobody else will), and
 * once stuck for RELAY_BUMP_AFTER_S, re-send it at a higher fee with the same nonce.
 */
async function unblockRelay(
  db: Db,
  adapter: ChainAdapter,
  intent: TransferIntent,
  submission: PaymentSubmission,
): Promise<void> {
  if (submission.checks < WAITING_AFTER_CHECKS || submission.relayNonce === null) return;
  await fillNonceGaps(db, adapter, intent.network, submission.relayNonce);
  if (isStuck(submission)) await replaceRelay(db, adapter, intent.network, submission, "bump");
}

/** A relay the network holds but has not mined for RELAY_BUMP_AFTER_S since it was (re)sent. */
function isStuck(submission: PaymentSubmission): boolean {
  const since = submission.sentAt ?? submission.updatedAt;
  return Date.now() - since.getTime() >= env().RELAY_BUMP_AFTER_S * 1000;
}
