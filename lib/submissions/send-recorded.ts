import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions, type PaymentSubmission } from "@/db/schema";
import { ChainVerificationError, type ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { ApiError } from "@/lib/errors/api-error";
import { CUT, trackWork, untilCut } from "@/lib/lifecycle/track-work";
import { log } from "@/lib/log";
import { transitionPayment } from "@/lib/payments/transition";
import { firstCheckDelayMs } from "./first-check-delay";
import { markSent } from "./mark-sent";
import { openSubmission } from "./open-submission";

/**
 * Confirm's send of what it has just recorded. After a successful send the watcher checks soon.
 * When the node refuses co-signed Solana bytes at preflight (insufficient funds, expired
 * blockhash), they were not forwarded and cannot land: the record is dropped and the payment is
 * pending again, so the buyer can fix it and pay (422 with the node's reason). Any other failure
 * (node down, timeout, relayer short of gas) leaves the record for the watcher, which resends the
 * same bytes: the transfer is ours to finish, and the answer is `processing`. So does a send still
 * waiting on its node when this process's shutdown grace runs out: its lease is handed back, and any
 * instance's watcher sends the same bytes at once instead of after SEND_LEASE_MS.
 */
export function sendRecorded(db: Db, recorded: Recorded): Promise<void> {
  if (!recorded.submission.rawTx) return Promise.resolve();
  return trackWork("send", recorded.submission.paymentId, (cut) => send(db, { ...recorded, cut }));
}

/** What was recorded and now goes to the network. */
type Recorded = { adapter: ChainAdapter; network: NetworkConfig; submission: PaymentSubmission };

async function send(db: Db, { adapter, network, submission, cut }: Recorded & { cut: AbortSignal }): Promise<void> {
  try {
    const sent = await untilCut(cut, adapter.broadcast(network, submission.rawTx!, { preflight: true }));
    if (sent === CUT) return handBack(db, submission);
  } catch (err) {
    if (err instanceof ChainVerificationError && submission.kind === "cosigned") {
      await releaseRefused(db, submission);
      throw new ApiError("verification_failed", err.message);
    }
    log.warn(
      { paymentId: submission.paymentId, txHash: submission.txHash, err: String(err) },
      "send failed; the watcher will resend",
    );
    return;
  }
  // Written with the other confirms' that sent at the same time (mark-sent.ts).
  await markSent(db, {
    paymentId: submission.paymentId,
    txHash: submission.txHash,
    delaySeconds: firstCheckDelayMs(network.chainId) / 1000,
  });
}

/** Undo a record whose bytes the network refused before forwarding them: the payment waits for the buyer again. */
async function releaseRefused(db: Db, submission: PaymentSubmission): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx
      .delete(paymentSubmissions)
      .where(openSubmission(submission.paymentId, submission.txHash))
      .returning({ paymentId: paymentSubmissions.paymentId });
    if (released.length === 0) return;
    await transitionPayment(tx, {
      name: "release",
      target: { id: submission.paymentId },
      changes: {
        optionId: null,
        buyerAccount: null,
        chainId: null,
        tokenCaip19: null,
        tokenAmount: null,
        tokenSymbol: null,
        tokenDecimals: null,
        txHash: null,
        walletName: null,
      },
    });
  });
}

/**
 * The process is shutting down with the send in flight: make the record due now, so that a watcher (of
 * another instance) resends the same bytes at once. Sending the same signed bytes twice is harmless.
 */
async function handBack(db: Db, submission: PaymentSubmission): Promise<void> {
  await db
    .update(paymentSubmissions)
    .set({ nextCheckAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        openSubmission(submission.paymentId, submission.txHash),
        isNull(paymentSubmissions.sentAt),
        // Still under confirm's lease: once a watcher has claimed it (its lease ran out), it is the watcher's.
        eq(paymentSubmissions.checks, submission.checks),
      ),
    );
  log.warn(
    { paymentId: submission.paymentId, txHash: submission.txHash },
    "shutting down with the send in flight: handed to the watchers",
  );
}
