import { z } from "zod";
import { currencyFromUnit } from "@/lib/money/iso4217";

/** Upper bound of a fiat amount in minor units: listings report it as a 32-bit integer (spec 8). */
export const MAX_FIAT_MINOR = 2_147_483_647n;
export const MAX_EXPIRY_SECONDS = 30 * 24 * 3600;

export const amountSchema = z
  .object({
    unit: z
      .string()
      .refine(
        (unit) => currencyFromUnit(unit) !== undefined,
        "must be iso4217/<CODE> with an ISO 4217 currency code, e.g. iso4217/USD",
      )
      .meta({ example: "iso4217/USD" }),
    value: z
      .string()
      .regex(
        /^[1-9][0-9]*$/,
        "must be a whole number of minor units as a string: digits only, no sign, decimal point or leading zeros, greater than zero",
      )
      // Checked only on well-formed digits: the regex above already reported anything else.
      .refine(
        (v) => !/^[0-9]+$/.test(v) || (v.length <= 10 && BigInt(v) <= MAX_FIAT_MINOR),
        `must be at most ${MAX_FIAT_MINOR}`,
      )
      .meta({
        example: "1250",
        description: "Minor units of the currency (USD cents); whole units for currencies without a minor unit",
      }),
  })
  .meta({ id: "FiatAmount" });

export const createPaymentBody = z
  .object({
    amount: amountSchema,
    referenceId: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(255)
      .meta({ description: "The merchant's own order or reference id" }),
    expiresAt: z.number().int().positive().nullish().meta({
      description:
        "Unix seconds, in the future and at most 30 days ahead; default (absent or null) 15 minutes from now",
    }),
    checkout: z
      .object({
        successUrl: z.string().max(4096).nullish(),
        errorUrl: z.string().max(4096).nullish(),
      })
      .nullish()
      .meta({
        description:
          "Redirects are enabled only when both URLs are valid HTTPS URLs; otherwise the checkout shows generic views",
      }),
  })
  .meta({ id: "CreatePaymentRequest" });

export type CreatePaymentBody = z.infer<typeof createPaymentBody>;

export const merchantStatusSchema = z
  .enum(["pending", "processing", "succeeded", "failed", "expired"])
  .meta({ id: "PaymentStatus" });

export const paymentResponse = z
  .object({
    paymentId: z.string().meta({ example: "pay_3x9Zq1Lk0aBcDeFgHiJkLm" }),
    gatewayUrl: z.url(),
    status: merchantStatusSchema,
    expiresAt: z.number().int().meta({ description: "Unix seconds" }),
    isFinal: z.boolean(),
    pollInMs: z.number().int().nullable(),
  })
  .meta({ id: "Payment" });

export const paymentStatusResponse = z
  .object({
    status: merchantStatusSchema,
    isFinal: z.boolean(),
    pollInMs: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Suggested polling interval; null once the payment is final" }),
  })
  .meta({ id: "PaymentStatusResponse" });

export const paymentIdParam = z.string().regex(/^pay_[0-9A-Za-z]{22}$/, "must be a payment id (pay_…)");
