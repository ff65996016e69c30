import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { transitionPayment } from "./transition";

/**
 * The merchant accepts money that arrived outside the happy path (paid late, underpaid, overpaid)
 * as payment: the payment becomes `succeeded`, recorded as a manual decision with who and when.
 * Nothing does this automatically. Only the merchant's own payments, only with an exception, once.
 */
export async function markExceptionPaid(
  db: Db,
  { merchantId, paymentId, decidedBy }: { merchantId: string; paymentId: string; decidedBy: string },
) {
  // Not while processing (not a from-status of mark_paid): the watcher is still settling a transfer for it.
  const updated = await transitionPayment(db, {
    name: "mark_paid",
    target: { id: paymentId, merchantId, where: isNotNull(payments.exception) },
    changes: { resolvedBy: decidedBy, resolvedAt: sql`now()` },
  });
  if (updated) return updated;
  const [row] = await db
    .select({ exception: payments.exception, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)));
  if (!row) throw new ApiError("payment_not_found", "No such payment");
  if (!row.exception)
    throw new ApiError(
      "invalid_state",
      "Only a payment that was paid late, underpaid or overpaid can be marked as paid",
    );
  throw new ApiError("invalid_state", `This payment is ${row.status}; it cannot be marked as paid now`);
}
