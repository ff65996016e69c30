import type { Db } from "@/db/client";
import type { PaymentSubmission } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import { namespaceOf } from "@/lib/chains/caip";
import type { ChainAdapter, Observation, PaidFee, Tracked, TransferIntent } from "@/lib/chains/chain-adapter";
import { env } from "@/lib/env";
import type { FeesPaid } from "@/lib/fees/record-service-fees";
import { intentOfOption } from "@/lib/gateway/option-intent";
import { log } from "@/lib/log";
import { claimDueSubmissions, type DueSubmission } from "./claim-due-submissions";
import { finishLateTransfer, finishSubmission, rescheduleSubmission } from "./finish-submission";
import { fillNonceGaps } from "./fill-nonce-gaps";
import { replaceRelay } from "./replace-relay";
import { nextCheckDelayMs } from "./schedule";

/**
 * Submissions being looked at on chain by this process at most. A pass claims only as many as are
 * free, so no claimed row waits behind others, and passes go on while slow checks run: a check stuck
 * on a slow RPC holds one slot, never the watcher.
 */
const MAX_IN_FLIGHT = 32;
let inFlight = 0;

/**
 * One pass of the settlement watcher: claim the submissions that are due (any instance may run
 * passes at the same time), look at each on its chain with no database transaction open, and
 * write what was seen: final, or when to look again. Returns how many rows it claimed; with
 * `wait` (tests, benchmarks) once their checks are done, else at once.
 */
export async function checkDueSubmissions(db: Db, options: { wait: boolean } = { wait: true }): Promise<number> {
  const free = MAX_IN_FLIGHT - inFlight;
  if (free <= 0) return 0;
  const due = await claimDueSubmissions(db, free);
  inFlight += due.length;
  const checks = due.map((row) => checkOne(db, row).finally(() => inFlight--));
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
  if (seen.nonceUsed)
    return finishSubmission(db, id, {
      status: "failed",
      reason: "the payer's nonce moved past the transaction without it being mined (dropped or replaced)",
    });
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
