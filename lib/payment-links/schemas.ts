import { z } from "zod";
import { isHttpsUrl } from "@/lib/payments/redirect-urls";
import { amountSchema } from "@/lib/payments/schemas";
import { linkTermsIssues } from "./link-amount";

/**
 * The bodies, queries and answers of payment links, shared by the merchant API, the dashboard's routes,
 * the public link page and the OpenAPI document, so they cannot disagree.
 */
const time = z.iso.datetime();

export const paymentLinkId = z.string().regex(/^plink_[0-9A-Za-z]{22}$/, "must be a payment link id (plink_…)");
/** Path parameters, checked before any body. */
export const paymentLinkParams = z.object({ id: paymentLinkId });

/** Minor units as the payment API takes them: digits, greater than zero, at most MAX_FIAT_MINOR. */
const minor = amountSchema.shape.value;

const httpsUrl = z.string().max(4096).refine(isHttpsUrl, "must be an absolute https:// URL");
const redirects = z.strictObject({ successUrl: httpsUrl, errorUrl: httpsUrl }).meta({
  id: "PaymentLinkRedirects",
  description: "Where the checkout sends the buyer after a payment succeeds or fails; both HTTPS",
});

const description = z.string().trim().min(1, "must not be empty").max(500, "must be at most 500 characters");

export const createPaymentLinkBody = z
  .strictObject({
    description: description.meta({ description: "What the buyer pays for, shown on the link's page" }),
    amount: minor
      .optional()
      .meta({ description: "A fixed price in minor units; or give minimumAmount and maximumAmount" }),
    minimumAmount: minor.optional().meta({ description: "The least the buyer may enter (minor units, inclusive)" }),
    maximumAmount: minor.optional().meta({ description: "The most the buyer may enter (minor units, inclusive)" }),
    checkout: redirects.nullish(),
  })
  .superRefine((body, ctx) => {
    const given = [body.amount, body.minimumAmount, body.maximumAmount];
    // A malformed amount was already reported by its own field; the terms are judged on well-formed ones only.
    if (given.some((v) => v !== undefined && !/^[0-9]+$/.test(v))) return;
    const big = (v: string | undefined) => (v === undefined ? undefined : BigInt(v));
    const issues = linkTermsIssues({
      amount: big(body.amount),
      minimumAmount: big(body.minimumAmount),
      maximumAmount: big(body.maximumAmount),
    });
    for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
  })
  .meta({ id: "CreatePaymentLinkRequest" });
export type CreatePaymentLinkBody = z.infer<typeof createPaymentLinkBody>;

/** Amounts and currency never change (the payments made stay under the terms the link shows); make a new link instead. */
export const updatePaymentLinkBody = z
  .strictObject(
    {
      description: description.optional(),
      checkout: redirects.nullable().optional().meta({ description: "null removes the redirects" }),
      active: z.boolean().optional().meta({ description: "false: the link stops accepting payments" }),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `only description, checkout and active can change (amounts cannot: make a new link); unknown: ${issue.keys.join(", ")}`
          : undefined,
    },
  )
  .refine((body) => Object.keys(body).length > 0, "give at least one of description, checkout, active")
  .meta({ id: "UpdatePaymentLinkRequest" });
export type UpdatePaymentLinkBody = z.infer<typeof updatePaymentLinkBody>;

export const paymentLinksQuery = z.object({
  active: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true"))
    .meta({ description: "Only active (true) or disabled (false) links; omitted: every link" }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: paymentLinkId.optional().meta({ description: "nextCursor of the previous page" }),
});
export type PaymentLinksQuery = { active?: boolean; limit: number; cursor?: string };

export const linkPaymentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z
    .string()
    .regex(/^pay_[0-9A-Za-z]{22}$/, "must be a payment id (pay_…)")
    .optional()
    .meta({ description: "nextCursor of the previous page" }),
});

/** What a buyer sends to pay through a link: the amount only when the link lets the buyer enter it. */
export const payLinkBody = z
  .strictObject({
    amount: minor
      .optional()
      .meta({ description: "Minor units within the link's minimum..maximum; absent for a fixed price" }),
  })
  .meta({ id: "PayPaymentLinkRequest" });

const minorOut = z.string().meta({ description: "Minor units of currency, as a decimal string" });

export const paymentLinkResponse = z
  .object({
    id: z.string(),
    url: z.url().meta({ description: "The page buyers open to pay" }),
    active: z.boolean(),
    description: z.string(),
    currency: z.string().meta({ example: "USD" }),
    amount: minorOut.nullable().meta({ description: "The fixed price; null when the buyer enters the amount" }),
    minimumAmount: minorOut.nullable(),
    maximumAmount: minorOut.nullable(),
    checkout: z.object({ successUrl: z.string(), errorUrl: z.string() }).nullable(),
    totals: z
      .object({
        payments: z.number().int().meta({ description: "Payments made through the link, in any status" }),
        succeeded: z.number().int(),
        amountPaid: minorOut.meta({ description: "Sum of the succeeded payments' amounts" }),
      })
      .meta({ id: "PaymentLinkTotals" }),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: "PaymentLink" });
export type PaymentLinkView = z.infer<typeof paymentLinkResponse>;

export const paymentLinkListResponse = z
  .object({ data: z.array(paymentLinkResponse), nextCursor: z.string().nullable() })
  .meta({ id: "PaymentLinkList" });

export const linkPaymentResponse = z
  .object({
    paymentId: z.string(),
    referenceId: z.string(),
    status: z.string().meta({ description: "The public contract's status: requires_action, processing, succeeded, …" }),
    currency: z.string(),
    amount: minorOut,
    createdAt: time,
  })
  .meta({ id: "PaymentLinkPayment" });
export type LinkPaymentView = z.infer<typeof linkPaymentResponse>;

export const linkPaymentsResponse = z
  .object({
    totals: paymentLinkResponse.shape.totals,
    data: z.array(linkPaymentResponse),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "PaymentLinkPayments" });

export const payLinkResponse = z
  .object({
    paymentId: z.string(),
    gatewayUrl: z.url().meta({ description: "The checkout; send the buyer there" }),
    expiresAt: z.number().int().meta({ description: "Unix seconds" }),
  })
  .meta({ id: "PaymentLinkCheckout" });
