import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { paymentIdParam } from "@/lib/payments/schemas";

/** The dashboard's attach form: the payment as the merchant knows it, by its id or its own reference. */
export const attachFormBody = z.object({
  payment: z.string().trim().min(1, "Enter a payment id or your reference").max(255, "At most 255 characters"),
});

/**
 * One of the merchant's payments named by its id or by the merchant's reference (order id). A
 * reference that several payments share must be told apart by id; another merchant's payment is not
 * found, exactly as an unknown one.
 */
export async function resolvePaymentRefOrThrow(db: Db, merchantId: string, ref: string): Promise<string> {
  if (paymentIdParam.safeParse(ref).success) {
    const [byId] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, ref), eq(payments.merchantId, merchantId)));
    if (byId) return byId.id;
  }
  const byReference = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.merchantId, merchantId), eq(payments.referenceId, ref)))
    .orderBy(desc(payments.createdAt))
    .limit(2);
  if (byReference.length === 1) return byReference[0]!.id;
  const message =
    byReference.length === 0
      ? "No payment has this id or reference"
      : "Several payments have this reference: enter the payment id (pay_…) instead";
  throw new ApiError(byReference.length === 0 ? "payment_not_found" : "invalid_params", message, {
    issues: [{ field: "payment", message }],
  });
}
