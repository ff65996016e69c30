import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import type { ChainAdapter, Observation, RefundIntent } from "@/lib/chains/chain-adapter";
import { loadNetworks } from "@/lib/chains/load-networks";
import { withChainErrors } from "@/lib/gateway/chain-errors";
import { ApiError } from "@/lib/errors/api-error";
import { assertRefundable, refundPayment } from "./refund-payment";
import { refundPlanOf, type RefundPlan } from "./refund-plan";

/** Waits between looks at a refund not confirmed yet: the wallet has just sent it. */
const POLL_MS = [300, 500, 1000, 1500, 2000];

/**
 * Record a refund the merchant sent from its own wallet, once it is verified on chain: the
 * payment's token and exact amount, from the address that received the payment to the buyer, on
 * the payment's network, landed after the payment succeeded, and a hash that no payment settled
 * with and no other refund recorded. The chain is read with no database transaction open; only
 * then the same conditional UPDATE as any refund writes it. Anything else is 422 and records nothing.
 */
export async function recordWalletRefund(
  db: Db,
  {
    merchantId,
    paymentId,
    txHash,
    refundedBy,
    waitMs = 20_000,
  }: { merchantId: string; paymentId: string; txHash: string; refundedBy: string; waitMs?: number },
) {
  await assertRefundable(db, merchantId, paymentId);
  const plan = await refundPlanOf(db, merchantId, paymentId);
  if (!plan)
    throw new ApiError(
      "invalid_state",
      "This payment has no transfer a wallet could send back (no buyer, token or receiving address)",
    );
  const { intent, adapter } = intentOf(plan);
  const hash = plan.namespace === "eip155" ? txHash.toLowerCase() : txHash;
  await assertHashUnused(db, plan.chainId, hash);
  const seen = await withChainErrors(() => observeUntil({ adapter, intent, hash, waitMs }));
  if (seen.state === "pending")
    throw new ApiError("invalid_state", "The refund transaction is not confirmed yet; try again in a moment");
  if (seen.state === "unknown") throw new ApiError("verification_failed", "The network does not know this transaction");
  if (seen.state === "failed")
    throw new ApiError("verification_failed", `This is not the refund of this payment: ${seen.reason}`);
  return refundPayment(db, {
    merchantId,
    paymentId,
    refundedBy,
    proof: { chainId: plan.chainId, txHash: seen.txHash },
  });
}

function intentOf(plan: RefundPlan): { intent: RefundIntent; adapter: ChainAdapter } {
  const network = loadNetworks().find((n) => n.chainId === plan.chainId);
  const token = network?.tokens.find((t) => t.caip19 === plan.tokenCaip19);
  const adapter = adapterFor(plan.namespace);
  if (!network || !token || !adapter)
    throw new ApiError(
      "invalid_state",
      "This payment's network or token is no longer configured; its refund cannot be verified here",
    );
  return {
    adapter,
    intent: {
      network,
      token,
      from: plan.from,
      to: plan.to,
      amount: BigInt(plan.amount),
      notBefore: plan.notBefore,
      ...(plan.paidBy ? { paidBy: plan.paidBy } : {}),
    },
  };
}

/** A payment's own transfer, or another payment's refund, is never this payment's refund. */
async function assertHashUnused(db: Db, chainId: string, hash: string): Promise<void> {
  const same = (column: typeof payments.txHash | typeof payments.refundTxHash) =>
    chainId.startsWith("eip155:") ? sql`lower(${column}) = ${hash}` : eq(column, hash);
  const [used] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.chainId, chainId), or(same(payments.txHash), same(payments.refundTxHash))))
    .limit(1);
  if (used) throw new ApiError("verification_failed", "This transaction is already recorded for a payment or a refund");
}

/** The refund's standing, looked at again while the network is still catching up, up to `waitMs`. */
async function observeUntil({
  adapter,
  intent,
  hash,
  waitMs,
}: {
  adapter: ChainAdapter;
  intent: RefundIntent;
  hash: string;
  waitMs: number;
}): Promise<Observation> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    const seen = await adapter.verifyRefund(intent, hash);
    const left = deadline - Date.now();
    if (seen.state === "confirmed" || seen.state === "failed" || left <= 0) return seen;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(left, POLL_MS[Math.min(attempt, POLL_MS.length - 1)]!)),
    );
  }
}
