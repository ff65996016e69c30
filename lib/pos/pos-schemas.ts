import { z } from "zod";
import { paymentRequestSchema } from "@/lib/gateway/requests/request-schemas";
import { contractCreateResponse, contractStatusSchema } from "@/lib/payments/contract-views";

/** A charge rung up at the counter: the amount in the merchant's currency, in minor units. */
export const posChargeBody = z
  .object({
    amount: z
      .string()
      .regex(/^[1-9][0-9]{0,15}$/, 'must be a whole number of minor units greater than zero, e.g. "1234" for 12.34')
      .meta({ description: "Minor units of the merchant's currency" }),
  })
  .strict()
  .meta({ id: "PosChargeRequest" });

/** The sales of a point of sale since a moment of the device's choosing (its local midnight), at most 48 hours back. */
export const posSalesQuery = z.object({
  since: z.iso
    .datetime({ offset: true })
    .transform((s) => new Date(s))
    .refine((d) => Date.now() - d.getTime() <= 48 * 3600_000, "must be at most 48 hours ago")
    .refine((d) => d.getTime() <= Date.now() + 60_000, "must not be in the future"),
});

const fiatAmount = z.object({
  value: z.string().meta({ description: "Minor units" }),
  currency: z.string().meta({ example: "EUR" }),
});

export const posChargeResponse = z
  .object({
    payment: contractCreateResponse.extend({
      amount: fiatAmount,
      referenceId: z.string().meta({ description: "`POS <Idempotency-Key>`, or a random id without one" }),
    }),
    merchantName: z.string(),
    requests: z.array(paymentRequestSchema),
  })
  .meta({ id: "PosCharge" });

export const posSalesResponse = z
  .object({
    merchant: z.object({ name: z.string(), currency: z.string() }),
    since: z.string().meta({ description: "ISO 8601" }),
    totals: z.object({
      sales: z.number().int(),
      open: z.number().int().meta({ description: "Sales still waiting for payment or confirming" }),
      paid: z.array(
        fiatAmount.omit({ value: true }).extend({
          count: z.number().int(),
          amount: z.string().meta({ description: "Minor units paid" }),
          refunded: z.string().meta({ description: "Minor units of those later marked refunded" }),
        }),
      ),
    }),
    sales: z.array(
      z.object({
        paymentId: z.string(),
        referenceId: z.string(),
        status: contractStatusSchema,
        amount: fiatAmount,
        createdAt: z.string(),
        refunded: z.boolean(),
      }),
    ),
  })
  .meta({ id: "PosSales" });
