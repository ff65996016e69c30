import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentSubmissions, type PaymentSubmission } from "@/db/schema";
import { ChainVerificationError, type ChainAdapter } from "@/lib/chains/chain-adapter";
import type { NetworkConfig } from "@/lib/chains/network-config";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { transitionPayment } from "@/lib/payments/transition";
import { FIRST_CHECK_MS } from "./schedule";

/**
 * Confirm's send of what it has just recorded. After a successful send the watcher checks soon.
 * When the node refuses co-signed Solana bytes at preflight (insufficient funds, expired
 * blockhash), they were not forwarded and cannot land: the record is dropped and the payment is
 * pending again, so the buyer can fix it and pay (422 with the node's reason). Any other failure
 * (node down, timeout, relayer short of gas) leaves the record for the watcher, which resends the
 * same bytes: the transfer is ours to finish, and the answer is `processing`.
 */
export async function sendRecorded(
  db: Db,
  adapter: ChainAdapter,
  network: NetworkConfig,
  submission: PaymentSubmission,
): Promise<void> {
  if (!submission.rawTx) return;
  try {
    await adapter.broadcast(network, submission.rawTx, { preflight: true });
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
  await db
    .update(paymentSubmissions)
    .set({
      sentAt: sql`now()`,
      nextCheckAt: sql`now() + make_interval(secs => ${FIRST_CHECK_MS / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(paymentSubmissions.paymentId, submission.paymentId), eq(paymentSubmissions.txHash, submission.txHash)),
    );
}

/** Undo a record whose bytes the network refused before forwarding them: the payment waits for the buyer again. */
async function releaseRefused(db: Db, submission: PaymentSubmission): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx
      .delete(paymentSubmissions)
      .where(
        and(
          eq(paymentSubmissions.paymentId, submission.paymentId),
          eq(paymentSubmissions.txHash, submission.txHash),
          eq(paymentSubmissions.state, "open"),
        ),
      )
      .returning({ paymentId: paymentSubmissions.paymentId });
    if (released.length === 0) return;
    await transitionPayment(
      tx,
      "release",
      { id: submission.paymentId },
      {
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
    );
  });
}
