import type { z } from "zod";
import type { payments } from "@/db/schema";
import { effectiveStatus, isFinalStatus } from "@/lib/payments/status";
import type { listedPaymentSchema } from "./listing-schemas";
import { toListingStatus } from "./listing-status";

type Row = typeof payments.$inferSelect;

/** A listed payment (spec 2.4). Required fields are never null: "" or 0 until the gateway knows them. */
export type ListedPayment = z.infer<typeof listedPaymentSchema> & {
  fiat_amount: number;
  fiat_currency: string;
  created_at: string;
  last_updated_at: string;
};

export function toListedPayment(row: Row, now = new Date()): ListedPayment {
  const status = effectiveStatus(row, now);
  const succeeded = status === "succeeded";
  return {
    payment_id: row.id,
    merchant_id: row.merchantId,
    reference_id: row.referenceId,
    status: toListingStatus(status),
    is_terminal: isFinalStatus(status),
    wallet_name: row.walletName ?? "",
    chain_id: row.chainId,
    buyer_caip10: row.buyerAccount,
    token_caip19: row.tokenCaip19,
    tx_hash: row.txHash,
    nonce: null,
    // What arrived on chain: the option's amount, or what a wallet actually sent (underpaid, overpaid).
    token_amount: row.receivedAmount ?? row.tokenAmount,
    // Bounded to 2^31-1 at creation, so it fits the spec's 32-bit range.
    fiat_amount: Number(row.fiatAmount),
    fiat_currency: row.fiatCurrency,
    created_at: row.createdAt.toISOString(),
    last_updated_at: row.updatedAt.toISOString(),
    // Non-custodial: the buyer pays the merchant's own address, so the payment's transfer is the settlement.
    settled_at: succeeded && row.finalizedAt ? row.finalizedAt.toISOString() : null,
    settlement_status: succeeded ? "settled" : null,
    settlement_tx_hash: succeeded ? row.txHash : null,
    token_symbol: row.tokenSymbol ?? "",
    token_decimals: row.tokenDecimals ?? 0,
    token_logo: "",
    chain_logo: "",
    wallet_logo: "",
    ...(row.exception ? { exception: row.exception } : {}),
    ...(row.refundedAt ? { refunded_at: row.refundedAt.toISOString() } : {}),
  };
}
