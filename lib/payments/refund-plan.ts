import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { merchants, paymentOptions, payments } from "@/db/schema";
import { namespaceOf, parseAccountId, parseAssetId } from "@/lib/chains/caip";

/**
 * What a refund from the merchant's own wallet sends: the payment's token and amount, on its network,
 * from the address that received it to the buyer's account. Plain values, so the page can hand them
 * to the wallet as they are.
 */
export type RefundPlan = {
  paymentId: string;
  chainId: string;
  namespace: "eip155" | "solana";
  tokenCaip19: string;
  /** ERC-20 contract or SPL mint; null for the network's own coin (ETH, SOL), sent as a plain value transfer. */
  tokenAddress: string | null;
  tokenSymbol: string;
  tokenDecimals: number;
  /** Token base units, as a decimal string: what the payment's transfer carried (its received amount when it differed). */
  amount: string;
  /** The merchant's receiving address that got the payment: the refund must come from it. */
  from: string;
  /** The buyer's address (no CAIP prefix). */
  to: string;
  /** When the payment succeeded: a refund cannot be older. */
  notBefore: Date;
  /** The transaction that paid it: a refund is mined after it. */
  paidBy: string | null;
};

/**
 * The refund plan of one of the merchant's payments, or undefined when there is nothing to refund
 * from a wallet: not succeeded, already refunded, no transfer recorded, or no receiving address.
 * `from` is the option's recipient (where the money went), else the merchant's address now.
 */
export async function refundPlanOf(db: Db, merchantId: string, paymentId: string): Promise<RefundPlan | undefined> {
  const [row] = await db
    .select({
      payment: payments,
      recipient: paymentOptions.recipient,
      evmAddress: merchants.evmAddress,
      solanaAddress: merchants.solanaAddress,
    })
    .from(payments)
    .innerJoin(merchants, eq(merchants.id, payments.merchantId))
    .leftJoin(paymentOptions, eq(paymentOptions.id, payments.optionId))
    .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)));
  if (!row) return undefined;
  const p = row.payment;
  if (p.status !== "succeeded" || p.refundedAt || !p.chainId || !p.tokenCaip19 || !p.tokenAmount || !p.buyerAccount)
    return undefined;
  const namespace = namespaceOf(p.chainId);
  const asset = parseAssetId(p.tokenCaip19);
  const buyer = parseAccountId(p.buyerAccount);
  if ((namespace !== "eip155" && namespace !== "solana") || !asset || !buyer || buyer.chain.id !== p.chainId)
    return undefined;
  const from = row.recipient ?? (namespace === "eip155" ? row.evmAddress : row.solanaAddress);
  if (!from) return undefined;
  return {
    paymentId: p.id,
    chainId: p.chainId,
    namespace,
    tokenCaip19: p.tokenCaip19,
    tokenAddress: asset.assetNamespace === "slip44" ? null : asset.assetReference,
    tokenSymbol: p.tokenSymbol ?? "",
    tokenDecimals: p.tokenDecimals ?? 0,
    // What reached the merchant: an underpaid or overpaid payment the merchant accepted is refunded in full,
    // never for more than arrived.
    amount: p.receivedAmount ?? p.tokenAmount,
    from,
    to: buyer.address,
    notBefore: p.finalizedAt ?? p.updatedAt,
    paidBy: p.txHash,
  };
}
