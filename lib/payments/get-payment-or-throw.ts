import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { paymentIdParam } from "./schemas";

/** What the merchant API's answers show of a payment (status views, the contract's detail). */
export const PAYMENT_VIEW_FIELDS = {
  id: payments.id,
  status: payments.status,
  expiresAt: payments.expiresAt,
  referenceId: payments.referenceId,
  txHash: payments.txHash,
  tokenCaip19: payments.tokenCaip19,
  tokenAmount: payments.tokenAmount,
  tokenSymbol: payments.tokenSymbol,
  tokenDecimals: payments.tokenDecimals,
};

export type PaymentView = Awaited<ReturnType<typeof getMerchantPaymentOrThrow>>;

/** A merchant's own payment. Another merchant's payment is indistinguishable from a missing one. */
export async function getMerchantPaymentOrThrow(db: DbOrTx, merchantId: string, paymentId: string) {
  if (!paymentIdParam.safeParse(paymentId).success) throw notFound(paymentId);
  const [row] = await merchantPaymentQuery(db).execute({ paymentId, merchantId });
  if (!row) throw notFound(paymentId);
  return row;
}

function notFound(paymentId: string): ApiError {
  return new ApiError("payment_not_found", `No payment ${paymentId.slice(0, 64)} for this merchant`);
}

const merchantPaymentQuery = prepared((db: DbOrTx) =>
  db
    .select(PAYMENT_VIEW_FIELDS)
    .from(payments)
    .where(and(eq(payments.id, sql.placeholder("paymentId")), eq(payments.merchantId, sql.placeholder("merchantId"))))
    .prepare("merchant_payment_status"),
);
