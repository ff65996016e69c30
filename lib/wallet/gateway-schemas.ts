import { z } from "zod";
import { wireActionSchema } from "./wallet-actions";

/*
 * What the gateway answers (design.md, reference/walletconnect-pay-wire.md). Objects are loose:
 * a newer server may add fields, and a wallet should keep working.
 */

const display = z.looseObject({
  assetSymbol: z.string(),
  assetName: z.string().optional(),
  decimals: z.number().int().min(0),
  iconUrl: z.string().optional(),
  networkName: z.string().optional(),
  networkIconUrl: z.string().optional(),
});

/** `value` is an integer string in the unit's minor or base units; never a JS number. */
export const amountSchema = z.looseObject({ unit: z.string(), value: z.string().regex(/^-?\d+$/), display });
export type Amount = z.infer<typeof amountSchema>;

export const paymentOptionSchema = z.looseObject({
  id: z.string().min(1),
  /** The CAIP-10 account this option pays from. */
  account: z.string().min(1),
  amount: amountSchema,
  etaS: z.number().optional(),
  actions: z.array(wireActionSchema).min(1),
  /** Unix seconds until which the option's quote holds. */
  expiresAt: z.number().int(),
  /**
   * This service's extra: the rate the amount was computed at ("1 EUR = 1.0842 USDC") and when its
   * feeds last moved (unix seconds; null for a static price). Absent when 1:1.
   */
  rate: z
    .looseObject({ currency: z.string(), tokensPerUnit: z.string(), updatedAt: z.number().int().nullable() })
    .optional(),
});
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const paymentInfoSchema = z.looseObject({
  amount: amountSchema,
  /** Unix seconds. */
  expiresAt: z.number().int(),
  merchant: z.looseObject({ name: z.string(), iconUrl: z.string().nullish() }),
  status: z.string(),
  buyer: z
    .looseObject({
      accountCaip10: z.string(),
      accountProviderName: z.string(),
      accountProviderIcon: z.string().nullish(),
    })
    .nullish(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const optionsResponseSchema = z.looseObject({
  // The SDK reads a null list as empty; so does this client.
  options: z
    .array(paymentOptionSchema)
    .nullable()
    .transform((o) => o ?? []),
  info: paymentInfoSchema.nullish(),
});
export type OptionsResponse = z.infer<typeof optionsResponseSchema>;

export const fetchResponseSchema = z.looseObject({ actions: z.array(wireActionSchema).min(1) });

export const gatewayStatusSchema = z.looseObject({
  status: z.enum(["requires_action", "processing", "succeeded", "failed", "expired", "cancelled"]),
  isFinal: z.boolean(),
  /** Suggested wait before the next status call; null once final. */
  pollInMs: z.number().nullish(),
  info: z.looseObject({ txId: z.string().optional(), optionAmount: amountSchema.optional() }).nullish(),
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;

export const gatewayErrorBodySchema = z.looseObject({ code: z.string().min(1), message: z.string() });
