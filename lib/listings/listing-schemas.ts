import { z } from "zod";
import { PAYMENT_EXCEPTIONS } from "@/db/schema";
import { LISTING_STATUSES } from "./listing-status";

const nullableString = z.string().nullable();

/** A listed payment record (spec 2.4). */
export const listedPaymentSchema = z
  .object({
    payment_id: z.string(),
    merchant_id: z.string(),
    reference_id: z.string(),
    status: z.enum(LISTING_STATUSES),
    is_terminal: z.boolean(),
    wallet_name: z.string(),
    chain_id: nullableString,
    buyer_caip10: nullableString,
    token_caip19: nullableString,
    tx_hash: nullableString,
    nonce: z.number().int().min(0).max(2147483647).nullable(),
    token_amount: nullableString,
    fiat_amount: z.number().int().min(-2147483648).max(2147483647).nullable(),
    fiat_currency: nullableString,
    created_at: nullableString,
    last_updated_at: nullableString,
    settled_at: nullableString,
    settlement_status: nullableString,
    settlement_tx_hash: nullableString,
    token_symbol: z.string(),
    token_decimals: z.number().int(),
    token_logo: z.string(),
    chain_logo: z.string(),
    wallet_logo: z.string(),
    /** Money that arrived outside the happy path, for the merchant to resolve (absent when none). */
    exception: z.enum(PAYMENT_EXCEPTIONS).optional(),
    /**
     * When the merchant marked the payment refunded (ISO 8601; absent when not). Not in the contract's
     * record, whose schema allows more properties; the status stays `succeeded`.
     */
    refunded_at: z.string().optional(),
  })
  .meta({ id: "ListedPayment" });

/** The listing envelope (spec 2.5). */
export const listingResponseSchema = z
  .object({
    data: z.array(listedPaymentSchema),
    next_cursor: z.string().nullable().optional(),
    stats: z.object({
      total_customers: z.number().int().min(0).max(2147483647),
      total_revenue: z.object({ amount: z.number(), currency: z.string() }),
      total_transactions: z.number().int().min(0).max(2147483647),
    }),
  })
  .meta({ id: "PaymentListing" });
