import type { Db } from "@/db/client";
import { loadPaymentWithMerchant } from "./load-payment-with-merchant";
import { paymentIdParam } from "./schemas";
import { effectiveStatus, isFinalStatus } from "./status";

/**
 * What the public checkout may show of a payment: no merchant secrets, and redirect URLs only when
 * redirects are on (both valid HTTPS, spec 4.1 rule 1).
 */
export async function getCheckoutPayment(db: Db, paymentId: string | undefined, now = new Date()) {
  if (!paymentId || !paymentIdParam.safeParse(paymentId).success) return null;
  const row = await loadPaymentWithMerchant(db, paymentId);
  if (!row) return null;
  const { payment, evmAddress, solanaAddress, merchantDeletedAt, destinationChains } = row;
  const status = effectiveStatus(payment, now);
  // A deleted merchant's checkout offers no wallet to pay with (the gateway refuses new options too).
  const namespaces = new Set<string>(
    merchantDeletedAt
      ? []
      : [...(evmAddress ? ["eip155"] : []), ...(solanaAddress ? ["solana"] : []), ...destinationChains],
  );
  const { successUrl, errorUrl, redirectsEnabled } = payment;
  const redirects = redirectsEnabled && successUrl && errorUrl ? { successUrl, errorUrl } : null;
  return {
    id: payment.id,
    expiresAt: payment.expiresAt,
    fiatAmount: payment.fiatAmount,
    fiatCurrency: payment.fiatCurrency,
    txHash: payment.txHash,
    merchantName: row.merchantName,
    merchantIconUrl: row.merchantIconUrl,
    redirects,
    namespaces,
    status,
    isFinal: isFinalStatus(status),
    renderedAt: now.getTime(),
  };
}

export type CheckoutPayment = NonNullable<Awaited<ReturnType<typeof getCheckoutPayment>>>;
