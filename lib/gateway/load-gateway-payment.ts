import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { merchants, payments } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { effectiveStatus } from "@/lib/payments/status";
import { paymentIdFromPath } from "./payment-id-from-path";

/** The payment a gateway path names (bare id or encoded payment link), with its merchant's public face. */
export async function loadGatewayPaymentOrThrow(db: DbOrTx, pathId: string) {
  const id = paymentIdFromPath(pathId);
  if (!id) throw new ApiError("payment_not_found", "No such payment");
  const [row] = await db
    .select({
      payment: payments,
      merchantName: merchants.name,
      merchantIconUrl: merchants.iconUrl,
      evmAddress: merchants.evmAddress,
      solanaAddress: merchants.solanaAddress,
      acceptedTokens: merchants.acceptedTokens,
      merchantCurrency: merchants.currency,
      merchantDeletedAt: merchants.deletedAt,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, id));
  if (!row) throw new ApiError("payment_not_found", "No such payment");
  return { ...row, status: effectiveStatus(row.payment) };
}

export type GatewayPayment = Awaited<ReturnType<typeof loadGatewayPaymentOrThrow>>;
