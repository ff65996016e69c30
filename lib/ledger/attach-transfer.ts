import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { chainTransfers, merchants, paymentOptions, payments, type ChainTransfer } from "@/db/schema";
import { violatedIndex } from "@/db/violated-index";
import { loadNetworks } from "@/lib/chains/load-networks";
import { ApiError } from "@/lib/errors/api-error";
import type { PriceSource } from "@/lib/money/price-source";
import { toContractStatus } from "@/lib/payments/status";
import { transitionPayment, type PaymentChanges } from "@/lib/payments/transition";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { askedInAsset, type Asked } from "./asked-in-asset";
import { judgeAttach, type AttachDecision } from "./judge-attach";
import { toTransferView } from "./transfer-view";
import { unattachableReason } from "./unattachable-reason";

type PaymentRow = typeof payments.$inferSelect;

/**
 * The merchant ties one of its unmatched transfers to one of its payments (`by`: who decided). Only
 * a confirmed transfer still unmatched, to a payment of the same merchant (another merchant's transfer
 * or payment is a 404 exactly like an unknown id) that is not processing, in an asset the payment can
 * be paid in. What arrived is compared with what the payment asks in that asset (judge-attach.ts).
 * The transfer row and the payment change in one transaction; the transfer is claimed first by a
 * guarded UPDATE, so of two attaches (or an attach and a dismiss) racing, exactly one wins.
 */
export async function attachTransfer(
  db: Db,
  { merchantId, transferId, paymentId, by }: { merchantId: string; transferId: string; paymentId: string; by: string },
) {
  // A price refresh may read a chain: before the transaction opens, never inside it.
  const prices = livePriceSource(await currentPrices());
  try {
    return await db.transaction(async (tx) => {
      const [transfer] = await tx
        .update(chainTransfers)
        .set({ match: "attached", paymentId, resolvedBy: by, resolvedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(chainTransfers.id, transferId),
            eq(chainTransfers.merchantId, merchantId),
            eq(chainTransfers.match, "unmatched"),
            // Money the chain has not counted yet (or took back) pays nothing.
            inArray(chainTransfers.state, ["counted", "final"]),
          ),
        )
        .returning();
      if (!transfer) throw await unattachableReason(tx, merchantId, transferId);
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.merchantId, merchantId)))
        .for("update");
      if (!payment) throw new ApiError("payment_not_found", "No such payment");
      const asked = await askedOf(tx, { payment, transfer, prices });
      const decision = judgeAttach(payment.status, BigInt(transfer.amount), asked.amount);
      const changed = await apply(tx, { payment, transfer, asked, decision, by });
      return {
        transfer: toTransferView(transfer),
        payment: { paymentId: changed.id, status: toContractStatus(changed.status), exception: changed.exception },
      };
    });
  } catch (err) {
    if (violatedIndex(err) === "payments_chain_tx_unique")
      throw new ApiError("invalid_state", "This transaction is already recorded as the payment of another payment");
    throw err;
  }
}

/** What the payment asks in the transfer's asset; 409 when it cannot be paid in that asset at all. */
async function askedOf(
  tx: Tx,
  { payment, transfer, prices }: { payment: PaymentRow; transfer: ChainTransfer; prices: PriceSource },
): Promise<Asked> {
  const options = await tx
    .select({
      id: paymentOptions.id,
      tokenCaip19: paymentOptions.tokenCaip19,
      tokenAmount: paymentOptions.tokenAmount,
      createdAt: paymentOptions.createdAt,
    })
    .from(paymentOptions)
    .where(and(eq(paymentOptions.paymentId, payment.id), eq(paymentOptions.tokenCaip19, transfer.asset)));
  const [merchant] = await tx
    .select({ acceptedTokens: merchants.acceptedTokens })
    .from(merchants)
    .where(eq(merchants.id, payment.merchantId));
  const token = tokenOf(transfer);
  const accepted = !merchant?.acceptedTokens || merchant.acceptedTokens.includes(transfer.asset);
  const asked = askedInAsset({
    payment,
    asset: transfer.asset,
    options: options.map((o) => ({ ...o, tokenAmount: BigInt(o.tokenAmount) })),
    token: accepted ? token : undefined,
    prices,
  });
  if (!asked)
    throw new ApiError(
      "invalid_state",
      `This payment cannot be paid in ${token?.symbol ?? transfer.asset}: attach it to a payment that accepts it`,
    );
  return asked;
}

function tokenOf(transfer: ChainTransfer) {
  return loadNetworks()
    .find((n) => n.chainId === transfer.chainId)
    ?.tokens.find((t) => t.caip19 === transfer.asset);
}

async function apply(
  tx: Tx,
  {
    payment,
    transfer,
    asked,
    decision,
    by,
  }: { payment: PaymentRow; transfer: ChainTransfer; asked: Asked; decision: AttachDecision; by: string },
): Promise<PaymentRow> {
  const token = tokenOf(transfer);
  // What the payment records of the money: the transfer, its token, what was asked and what arrived.
  const facts: PaymentChanges = {
    txHash: transfer.txHash,
    chainId: transfer.chainId,
    tokenCaip19: transfer.asset,
    tokenAmount: asked.amount.toString(),
    receivedAmount: transfer.amount,
    optionId: asked.optionId,
    buyerAccount: `${transfer.chainId}:${transfer.sender}`,
    ...(token ? { tokenSymbol: token.symbol, tokenDecimals: token.decimals } : {}),
  };
  const target = { id: payment.id, merchantId: payment.merchantId };
  let changed: PaymentRow | undefined;
  switch (decision.kind) {
    case "processing":
      throw new ApiError(
        "invalid_state",
        "This payment is processing: a transfer for it is being settled; attach once it is final",
      );
    case "duplicate":
      // Already paid: the money is more than the price. The payment's own transfer stays on record.
      changed = await transitionPayment(tx, { name: "note", target, changes: { exception: "duplicate" } });
      break;
    case "paid":
      changed = await transitionPayment(tx, {
        name: "attach",
        target,
        changes: {
          ...facts,
          ...(decision.over ? { exception: "overpaid" as const } : {}),
          resolvedBy: by,
          resolvedAt: sql`now()`,
        },
      });
      break;
    case "short":
      changed = await transitionPayment(tx, {
        name: decision.transition,
        target,
        changes: {
          ...facts,
          exception: "underpaid",
          ...(decision.transition === "found_short"
            ? {
                failureReason: `underpaid: ${by} attached ${transfer.amount} base units, the payment asked ${asked.amount}`,
              }
            : {}),
        },
      });
      break;
  }
  // The row is locked: its status cannot have moved since it was read.
  if (!changed) throw new ApiError("internal_error", "The payment changed while the transfer was being attached");
  return changed;
}
