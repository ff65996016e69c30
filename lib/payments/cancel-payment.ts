import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments, type CancelReason } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { effectiveStatus } from "./status";
import { transitionPayment } from "./transition";

/**
 * Cancel a payment that is still waiting for the buyer (`pending`, not past its expiry): the
 * merchant's (`merchantId` given: only its own) or the buyer's from the checkout. One conditional
 * UPDATE: it takes the row lock confirm takes to record a transfer, so a cancel and a confirm
 * racing on one payment end in exactly one of them. Anything else is 400 `invalid_state`, as the
 * contract answers it on these routes.
 */
export async function cancelPayment(
  db: Db,
  { paymentId, reason, merchantId }: { paymentId: string; reason: CancelReason; merchantId?: string },
) {
  const mine = merchantId === undefined ? undefined : eq(payments.merchantId, merchantId);
  const cancelled = await transitionPayment(db, {
    name: "cancel",
    target: { id: paymentId, merchantId, where: gt(payments.expiresAt, sql`now()`) },
    changes: { cancelReason: reason },
  });
  if (cancelled) {
    return {
      paymentId: cancelled.id,
      status: "cancelled" as const,
      cancelledReason: reason,
      cancelledAt: cancelled.finalizedAt!.toISOString(),
    };
  }
  const [row] = await db
    .select({ status: payments.status, expiresAt: payments.expiresAt })
    .from(payments)
    .where(and(eq(payments.id, paymentId), mine));
  if (!row)
    throw new ApiError(
      "payment_not_found",
      `No payment ${paymentId.slice(0, 64)}${merchantId ? " for this merchant" : ""}`,
    );
  const status = effectiveStatus(row);
  throw new ApiError(
    "invalid_state",
    `Only a payment that still requires action can be cancelled; this one is ${status === "pending" ? "requires_action" : status}`,
    { answerAs: "invalid_request" },
  );
}
