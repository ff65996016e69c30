import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { loadPaymentWithMerchant } from "@/lib/payments/load-payment-with-merchant";
import { effectiveStatus } from "@/lib/payments/status";
import { paymentIdFromPath } from "./payment-id-from-path";

/** The payment a gateway path names (bare id or encoded payment link), with its merchant's public face. */
export async function loadGatewayPaymentOrThrow(db: DbOrTx, pathId: string) {
  const id = paymentIdFromPath(pathId);
  const row = id ? await loadPaymentWithMerchant(db, id) : undefined;
  if (!row) throw new ApiError("payment_not_found", "No such payment");
  return { ...row, status: effectiveStatus(row.payment) };
}

export type GatewayPayment = Awaited<ReturnType<typeof loadGatewayPaymentOrThrow>>;
