import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, merchantSettlementDestinations, payments } from "@/db/schema";
import { paymentIdParam } from "./schemas";
import { effectiveStatus, isFinalStatus } from "./status";

/**
 * What the public checkout may show of a payment: no merchant secrets, and redirect URLs only when
 * redirects are on (both valid HTTPS, spec 4.1 rule 1).
 */
export async function getCheckoutPayment(db: Db, paymentId: string | undefined, now = new Date()) {
  if (!paymentId || !paymentIdParam.safeParse(paymentId).success) return null;
  const [row] = await db
    .select({
      id: payments.id,
      status: payments.status,
      expiresAt: payments.expiresAt,
      fiatAmount: payments.fiatAmount,
      fiatCurrency: payments.fiatCurrency,
      redirectsEnabled: payments.redirectsEnabled,
      successUrl: payments.successUrl,
      errorUrl: payments.errorUrl,
      txHash: payments.txHash,
      merchantName: merchants.name,
      merchantIconUrl: merchants.iconUrl,
      evmAddress: merchants.evmAddress,
      solanaAddress: merchants.solanaAddress,
      merchantDeletedAt: merchants.deletedAt,
      // Chains of the per-asset settlement destinations (Platform API): payable there too.
      destinationChains: sql<string[]>`array(select distinct split_part(${merchantSettlementDestinations.destination}, ':', 1) from ${merchantSettlementDestinations} where ${merchantSettlementDestinations.merchantId} = ${merchants.id})`,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const { evmAddress, solanaAddress, merchantDeletedAt, destinationChains, successUrl, errorUrl, ...rest } = row;
  const status = effectiveStatus(row, now);
  // A deleted merchant's checkout offers no wallet to pay with (the gateway refuses new options too).
  const namespaces = new Set<string>(merchantDeletedAt ? [] : [...(evmAddress ? ["eip155"] : []), ...(solanaAddress ? ["solana"] : []), ...destinationChains]);
  const redirects = row.redirectsEnabled && successUrl && errorUrl ? { successUrl, errorUrl } : null;
  return { ...rest, redirects, namespaces, status, isFinal: isFinalStatus(status), renderedAt: now.getTime() };
}

export type CheckoutPayment = NonNullable<Awaited<ReturnType<typeof getCheckoutPayment>>>;
