import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { merchants, merchantSettlementDestinations, payments } from "@/db/schema";

/**
 * A payment with its merchant's public face: the one join behind the gateway (options, fetch,
 * confirm, status) and the hosted checkout page. Nothing secret of the merchant is selected.
 */
export async function loadPaymentWithMerchant(db: DbOrTx, paymentId: string) {
  const [row] = await paymentWithMerchantQuery(db).execute({ paymentId });
  return row;
}

/** The columns of that join, for queries that read more beside it (lib/gateway/load-confirm-context.ts). */
export const paymentWithMerchantColumns = {
  payment: payments,
  merchantName: merchants.name,
  merchantIconUrl: merchants.iconUrl,
  evmAddress: merchants.evmAddress,
  solanaAddress: merchants.solanaAddress,
  acceptedTokens: merchants.acceptedTokens,
  merchantCurrency: merchants.currency,
  merchantDeletedAt: merchants.deletedAt,
  // Chains of the per-asset settlement destinations (Platform API): payable there too.
  destinationChains: sql<
    string[]
  >`array(select distinct split_part(${merchantSettlementDestinations.destination}, ':', 1) from ${merchantSettlementDestinations} where ${merchantSettlementDestinations.merchantId} = ${merchants.id})`,
};

// Built once per pool (db/prepared-per-db.ts): every gateway call and checkout page reads it.
const paymentWithMerchantQuery = prepared((db: DbOrTx) =>
  db
    .select(paymentWithMerchantColumns)
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, sql.placeholder("paymentId")))
    .prepare("payment_with_merchant"),
);

export type PaymentWithMerchant = NonNullable<Awaited<ReturnType<typeof loadPaymentWithMerchant>>>;
