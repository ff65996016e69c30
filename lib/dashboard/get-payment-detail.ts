import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { paymentEvents, payments } from "@/db/schema";
import { loadNetworks } from "@/lib/chains/load-networks";
import { checkoutNetworks } from "@/lib/gateway/checkout-networks";
import { toListedPayment } from "@/lib/listings/listed-record";
import { refundPlanOf } from "@/lib/payments/refund-plan";
import { paymentIdParam } from "@/lib/payments/schemas";
import { quoteOfPayment } from "./quote-of-payment";

export type TimelineEntry = { status: string; at: Date };

/**
 * One of the merchant's payments with its status timeline and the network's explorer link, and for
 * money that arrived outside the happy path: the kind, what was asked and received, and who resolved it;
 * the refund (when, who, its transaction), or for a succeeded payment what a refund from the wallet sends.
 * Undefined for a payment of another merchant, exactly as for one that does not exist.
 */
export async function getPaymentDetail(db: Db, merchantId: string, paymentId: string) {
  if (!paymentIdParam.safeParse(paymentId).success) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)));
  if (!row) return undefined;
  const events = await db
    .select({ status: paymentEvents.status, at: paymentEvents.at })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, row.id))
    .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
  const listed = toListedPayment(row);
  const timeline: TimelineEntry[] = [{ status: "created", at: row.createdAt }, ...events];
  // A pending payment past its window reads expired before the sweep writes it: show that too.
  if (listed.status === "expired" && !events.some((e) => e.status === "expired"))
    timeline.push({ status: "expired", at: row.expiresAt });
  const network = row.chainId ? loadNetworks().find((n) => n.chainId === row.chainId) : undefined;
  const explorerOf = (tx: string | null) =>
    tx && network?.explorerTxUrl ? network.explorerTxUrl.replace("{tx}", encodeURIComponent(tx)) : null;
  const explorerUrl = explorerOf(row.txHash);
  if (row.refundedAt) timeline.push({ status: "refunded", at: row.refundedAt });
  const refund = row.refundedAt
    ? { at: row.refundedAt, by: row.refundedBy, txHash: row.refundTxHash, explorerUrl: explorerOf(row.refundTxHash) }
    : null;
  // What "Refund from my wallet" sends, with the network as the wallet connectors need it (no server RPC URL).
  const plan = row.status === "succeeded" && !row.refundedAt ? await refundPlanOf(db, merchantId, row.id) : undefined;
  const walletRefund = plan
    ? { plan, networks: checkoutNetworks(new Set([plan.namespace])).filter((n) => n.chainId === plan.chainId) }
    : null;
  // The listing shows what arrived; with an exception the page also shows what the option asked.
  const exception = row.exception
    ? {
        kind: row.exception,
        askedTokenAmount: row.tokenAmount,
        receivedAmount: row.receivedAmount,
        resolvedBy: row.resolvedBy,
        resolvedAt: row.resolvedAt,
      }
    : null;
  const quote = await quoteOfPayment(db, row.optionId);
  return {
    payment: listed,
    expiresAt: row.expiresAt,
    networkName: network?.name ?? row.chainId,
    explorerUrl,
    timeline,
    exception,
    refund,
    walletRefund,
    quote,
  };
}

export type PaymentDetail = NonNullable<Awaited<ReturnType<typeof getPaymentDetail>>>;
