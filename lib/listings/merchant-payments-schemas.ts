import { z } from "zod";
import { PAYMENT_EXCEPTIONS } from "@/db/schema";
import { CONTRACT_STATUSES } from "@/lib/payments/status";
import { listingQuerySchema } from "./listing-query";

// The contract's schemas (facts: MerchantPaymentsResponse and its parts), field for field. Fields we
// have no value for are left out, as the contract allows, rather than sent as null, which it does not.

const fiatAmount = z
  .object({
    unit: z.string().regex(/^iso4217\//),
    value: z.string().meta({ description: "Minor units of the currency, as a string" }),
    display: z.object({ assetSymbol: z.string(), assetName: z.string(), decimals: z.number().int() }),
  })
  .meta({ id: "MerchantPaymentFiatAmount" });

const tokenAmount = z
  .object({
    unit: z.string().regex(/^caip19\//),
    value: z.string().meta({ description: "Token base units, as a string" }),
    display: z
      .object({
        assetSymbol: z.string(),
        assetName: z.string(),
        decimals: z.number().int(),
        iconUrl: z.string().optional(),
        networkName: z.string().optional(),
        networkIconUrl: z.string().optional(),
      })
      .nullable(),
  })
  .meta({ id: "MerchantPaymentTokenAmount" });

const settlement = z
  .object({
    settled: z.boolean(),
    amount: z.union([fiatAmount, tokenAmount]).optional(),
    txHash: z.string().optional(),
  })
  .meta({ id: "MerchantPaymentSettlement" });

/** One payment of the replacement listings (`GET /v1/merchants/payments`, `GET /v1/payments`). */
export const merchantPaymentSchema = z
  .object({
    paymentId: z.string(),
    merchant: z.object({ id: z.string(), name: z.string().optional(), iconUrl: z.string().nullable().optional() }),
    referenceId: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    isTerminal: z.boolean(),
    fiatAmount: fiatAmount.optional(),
    tokenAmount: tokenAmount.optional(),
    buyer: z
      .object({
        accountCaip10: z.string(),
        accountProviderName: z.string().optional(),
        accountProviderIcon: z.string().optional(),
      })
      .optional(),
    transaction: z
      .object({ networkId: z.string(), hash: z.string().optional(), nonce: z.number().int().optional() })
      .optional(),
    settlement: settlement.optional(),
    createdAt: z.string(),
    lastUpdatedAt: z.string(),
    settledAt: z.string().optional(),
    // Ours, beyond the contract (which allows more properties):
    exception: z
      .enum(PAYMENT_EXCEPTIONS)
      .optional()
      .meta({ description: "Money that arrived outside the happy path, for the merchant to resolve" }),
    refundedAt: z
      .string()
      .optional()
      .meta({ description: "When the merchant marked the payment refunded (bookkeeping; status stays succeeded)" }),
  })
  .meta({ id: "MerchantPayment" });

export const merchantPaymentsResponseSchema = z
  .object({
    data: z.array(merchantPaymentSchema),
    nextCursor: z.string().nullable(),
    stats: z.object({
      totalRevenue: z.array(z.object({ amount: z.number(), currency: z.string() })),
      totalTransactions: z.number().int(),
      totalCustomers: z.number().int(),
    }),
  })
  .meta({ id: "MerchantPaymentsResponse" });

export type MerchantPayment = z.infer<typeof merchantPaymentSchema>;
export type MerchantPaymentsResponse = z.infer<typeof merchantPaymentsResponseSchema>;

const { start_ts, end_ts, asset, network, sort_by, sort_dir, cursor, limit } = listingQuerySchema.shape;

/** The contract's query parameters of the replacement listings; unknown parameters are ignored. */
export const merchantPaymentsQuerySchema = z
  .object({
    startTs: start_ts,
    endTs: end_ts,
    token_symbol: z.array(z.string().min(1, "must not be empty").max(32)).optional(),
    asset: asset.meta({ deprecated: true }),
    network,
    sortBy: sort_by,
    sortDir: sort_dir,
    cursor,
    limit,
    status: z.array(z.enum(CONTRACT_STATUSES, `must be one of ${CONTRACT_STATUSES.join(", ")}`)).optional(),
    referenceId: z
      .string()
      .min(3, "must be 3 to 35 characters")
      .max(35, "must be 3 to 35 characters")
      .regex(/^[A-Za-z0-9 /:.,+-]+$/, "may hold only letters, digits, space and / : . , + -")
      .optional()
      .meta({ description: "A part of the merchant's reference id (case-insensitive)" }),
  })
  .meta({ id: "MerchantPaymentsQuery" });

/** `GET /v1/payments` adds the contract's merchant filter (a key sees its own merchant only). */
export const partnerPaymentsQuerySchema = merchantPaymentsQuerySchema
  .extend({ merchantId: z.array(z.string().min(1, "must not be empty").max(64)).optional() })
  .meta({ id: "PartnerPaymentsQuery" });
