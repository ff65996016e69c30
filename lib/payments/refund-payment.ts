import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { violatedIndex } from "@/db/violated-index";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { transitionPayment } from "./transition";

/** POST /v1/refunds (the contract's pattern and length, which are looser than our own ids). */
export const refundBody = z
  .object({
    paymentId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^pay_[A-Za-z0-9]+$/, "must be a payment id (pay_…)"),
  })
  .meta({ id: "RefundRequest" });

export const refundResponse = z.object({ paymentId: z.string() }).meta({ id: "RefundResponse" });

/** The transaction of a refund the merchant sent from its own wallet, verified on chain by the caller. */
export type RefundProof = { chainId: string; txHash: string };

/**
 * Marks one of the merchant's succeeded payments refunded: bookkeeping only, the service never
 * holds or sends funds. One conditional UPDATE decides, so of two concurrent refunds exactly one
 * wins and the other reads `already_refunded`. Another merchant's payment is `not_found`, exactly as
 * an unknown id. `proof` records the refund transaction (unique per chain: a transaction refunds
 * at most one payment, enforced by the database).
 */
export async function refundPayment(
  db: Db,
  {
    merchantId,
    paymentId,
    refundedBy,
    proof,
  }: { merchantId: string; paymentId: string; refundedBy: string; proof?: RefundProof },
) {
  const updated = await transitionPayment(db, {
    name: "refund",
    // The chain id check keeps a proof from another network off this payment.
    target: {
      id: paymentId,
      merchantId,
      where: and(isNull(payments.refundedAt), proof ? eq(payments.chainId, proof.chainId) : undefined),
    },
    changes: { refundedAt: sql`now()`, refundedBy, refundTxHash: proof?.txHash ?? null },
  }).catch((err: unknown) => {
    if (violatedIndex(err) === "payments_refund_tx_unique")
      throw new ApiError(
        "verification_failed",
        "This transaction is already recorded as the refund of another payment",
      );
    throw err;
  });
  if (updated)
    return {
      id: updated.id,
      refundedAt: updated.refundedAt,
      refundedBy: updated.refundedBy,
      refundTxHash: updated.refundTxHash,
    };
  await assertRefundable(db, merchantId, paymentId);
  throw new ApiError("verification_failed", "The refund transaction is on another network than the payment");
}

/** Why a payment cannot be refunded (unknown or another merchant's, already refunded, not succeeded); returns when it can. */
export async function assertRefundable(db: Db, merchantId: string, paymentId: string): Promise<void> {
  const [row] = await db
    .select({ status: payments.status, refundedAt: payments.refundedAt })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)));
  if (!row) throw new ApiError("not_found", "No such payment");
  if (row.refundedAt) throw new ApiError("already_refunded", "This payment is already refunded");
  if (row.status !== "succeeded")
    throw new ApiError(
      "payment_not_succeeded",
      `This payment is ${row.status}; only a succeeded payment can be refunded`,
    );
}
