import type { PaymentSubmission } from "@/db/schema";
import type { Observation } from "@/lib/chains/chain-adapter";

/** What the watcher does about one submission after looking at the chain. */
export type Step =
  /** The transfer landed or can never land: the payment becomes final (finish-submission.ts). */
  | { kind: "finish"; outcome: Finish }
  /**
   * Look again later. `unseen` records whether the network knows the transaction (see
   * rescheduleSubmission); `unblock` first fills nonce gaps below a waiting relay, and bumps its fee
   * once it is stuck.
   */
  | { kind: "reschedule"; unseen: "keep" | "now" | "clear" | "nonce_used"; unblock?: "fill" | "fill_and_bump" }
  /** Our relay's nonce went to another transaction and nobody used the authorization: relay it again at a new nonce. */
  | { kind: "renonce" }
  /** The network lost bytes the service sent (a relay, a co-signed transaction): send them again (idempotent). */
  | { kind: "resend"; unblock?: "fill" | "fill_and_bump" }
  /** The wallet's own transaction was replaced or dropped: whether the ledger found money decides (ask, then nextStep again). */
  | { kind: "ask_ledger"; since: Date };

/** How a submission ends; the caller adds what the observation says the service paid. */
export type Finish =
  | { status: "succeeded"; txHash: string }
  | { status: "failed"; reason: string }
  | { status: "failed"; reason: string; exception: "underpaid" | "overpaid"; txHash: string; receivedAmount: bigint }
  | { status: "failed"; reason: string; exception: "stuck" };

export type StepFacts = {
  submission: Pick<
    PaymentSubmission,
    "kind" | "checks" | "createdAt" | "rawTx" | "relayNonce" | "sentAt" | "updatedAt" | "unseenSince" | "nonceUsedAt"
  >;
  /** What the watched transfer carries (a wallet may have changed it) and what the option asked. */
  amount: bigint;
  offered: bigint;
  /** The EIP-3009 authorization's validBefore (unix seconds). */
  validBefore: number;
  seen: Observation;
  /** What the ledger said since the payer's nonce was used; absent until asked (see `ask_ledger`). */
  ledger?: "found" | "none" | "unknown";
  now: Date;
  settings: { processingDeadlineS: number; droppedTxTimeoutS: number; relayBumpAfterS: number };
};

/** Checks of a relay before it counts as waiting: a healthy one is mined by then. */
const WAITING_AFTER_CHECKS = 3;
/** A relay is not sent again this close to its authorization's end: it could not be mined in time. */
const AUTHORIZATION_MARGIN_MS = 10_000;

/**
 * The watcher's decision for one submission, from what the chain shows and the clock, with no I/O:
 * the state table of settlement in one place (docs/architecture.md). In order: landed (for the amount
 * asked, or not), failed, past the processing deadline, pending (a relay waiting may need unblocking),
 * expired blockhash, and the transaction unknown to the network: our relay renonced or resent, our
 * co-signed bytes resent, the wallet's transaction replaced (the ledger decides) or dropped after
 * DROPPED_TX_TIMEOUT_S.
 */
export function nextStep(f: StepFacts): Step {
  const { seen, submission, now, settings } = f;
  if (seen.state === "confirmed" && f.amount !== f.offered) {
    const exception = f.amount < f.offered ? "underpaid" : "overpaid";
    return {
      kind: "finish",
      outcome: {
        status: "failed",
        reason: `${exception}: received ${f.amount} base units, the option asked ${f.offered}`,
        exception,
        txHash: seen.txHash,
        receivedAmount: f.amount,
      },
    };
  }
  if (seen.state === "confirmed") return { kind: "finish", outcome: { status: "succeeded", txHash: seen.txHash } };
  if (seen.state === "failed") return { kind: "finish", outcome: { status: "failed", reason: seen.reason } };
  // Still not landed: however it waits (underpriced in a mempool, unknown, stuck behind a nonce), a
  // processing payment ends at its deadline, so nobody can pin one with a transaction that never mines.
  if (now.getTime() - submission.createdAt.getTime() >= settings.processingDeadlineS * 1000)
    return {
      kind: "finish",
      outcome: {
        status: "failed",
        reason: `stuck: the transfer did not land within ${settings.processingDeadlineS} s`,
        exception: "stuck",
      },
    };
  const unblock = relayUnblock(f);
  if (seen.state === "pending")
    return { kind: "reschedule", unseen: "clear", ...(submission.kind === "relay" && !seen.mined ? unblock : {}) };
  // The network does not know the transaction.
  if (seen.expired)
    return { kind: "finish", outcome: { status: "failed", reason: "blockhash expired before the transaction landed" } };
  if (submission.rawTx && submission.kind === "relay") {
    if (!seen.nonceUsed) return { kind: "resend", ...unblock };
    // Our relay can never be mined, and nobody used the authorization: relay it again, if it still holds.
    if (f.validBefore * 1000 <= now.getTime() + AUTHORIZATION_MARGIN_MS)
      return {
        kind: "finish",
        outcome: { status: "failed", reason: "authorization expired before it could be relayed" },
      };
    return { kind: "renonce" };
  }
  // Our own co-signed bytes: resending them is idempotent, and keeps them alive until their blockhash expires.
  if (submission.rawTx) return { kind: "resend" };
  // A transaction the wallet broadcast (we never resend a buyer's transaction).
  if (seen.nonceUsed) {
    // Replaced ("speed up") or dropped. A replacement carries the same input, so the ledger binds it to
    // this payment and settles it; fail only once the ledger has scanned past this moment and found none.
    if (!submission.nonceUsedAt) return { kind: "reschedule", unseen: "nonce_used" };
    if (f.ledger === undefined) return { kind: "ask_ledger", since: submission.nonceUsedAt };
    if (f.ledger !== "none") return { kind: "reschedule", unseen: "keep" };
    return {
      kind: "finish",
      outcome: {
        status: "failed",
        reason:
          "the payer's nonce moved past the transaction without it being mined, and no replacement reached the merchant",
      },
    };
  }
  const unseenFor = submission.unseenSince ? now.getTime() - submission.unseenSince.getTime() : 0;
  if (unseenFor >= settings.droppedTxTimeoutS * 1000)
    return {
      kind: "finish",
      outcome: { status: "failed", reason: `dropped: unknown to the network for ${Math.round(unseenFor / 1000)} s` },
    };
  return { kind: "reschedule", unseen: "now" };
}

/**
 * A relay that has waited a few checks: fill the nonce gaps below it (nobody else will), and once it
 * has waited RELAY_BUMP_AFTER_S since it was (re)sent, also re-send it at a higher fee with the same nonce.
 */
function relayUnblock(f: StepFacts): { unblock?: "fill" | "fill_and_bump" } {
  const { submission, now, settings } = f;
  if (submission.kind !== "relay" || submission.checks < WAITING_AFTER_CHECKS || submission.relayNonce === null)
    return {};
  const since = submission.sentAt ?? submission.updatedAt;
  const stuck = now.getTime() - since.getTime() >= settings.relayBumpAfterS * 1000;
  return { unblock: stuck ? "fill_and_bump" : "fill" };
}
