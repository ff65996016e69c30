import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS } from "@/db/schema";
import { webhookEventTypeSchema } from "./event-types";

/**
 * The bodies, queries and answers of webhook endpoint management, shared by the merchant API, the
 * dashboard's routes and the OpenAPI document, so the three cannot disagree.
 */
const time = z.iso.datetime();
const eventTypes = z
  .array(webhookEventTypeSchema)
  .max(50)
  .nullable()
  .meta({ description: "Event types sent; null means every type, including ones added later" });

const endpointId = z.string().regex(/^whe_[0-9A-Za-z]{22}$/, "must be a webhook endpoint id (whe_…)");
const deliveryId = z.string().regex(/^whd_[0-9a-f]{32}$/, "must be a delivery id (whd_…)");
/** Path parameters, checked before any query. */
export const endpointParams = z.object({ id: endpointId });
export const deliveryParams = z.object({ id: endpointId, deliveryId });

export const createEndpointBody = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "is required")
      .max(2048, "must be at most 2048 characters")
      .meta({ description: "https:// URL the events are POSTed to" }),
    events: z
      .array(webhookEventTypeSchema)
      .max(50)
      .optional()
      .meta({ description: "Event types to send; omitted or empty: every type" }),
  })
  .meta({ id: "CreateWebhookEndpointRequest" });

export const testEventBody = z
  .object({
    type: webhookEventTypeSchema
      .optional()
      .meta({ description: "Event type of the sample; default payment.succeeded" }),
  })
  .meta({ id: "SendTestWebhookRequest" });

export const resendFailedBody = z
  .object({
    since: z.iso
      .datetime({ offset: true })
      .meta({ description: "Resend failed deliveries made at or after this time" }),
  })
  .meta({ id: "ResendFailedWebhookDeliveriesRequest" });

export const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: deliveryId.optional().meta({ description: "nextCursor of the previous page" }),
});

export const createdEndpointResponse = z
  .object({
    id: z.string(),
    url: z.string(),
    events: eventTypes,
    secret: z.string().meta({ description: "whsec_… signing secret; shown only here" }),
    createdAt: time,
  })
  .meta({ id: "CreatedWebhookEndpoint" });

export const endpointResponse = z
  .object({
    id: z.string(),
    url: z.string(),
    events: eventTypes,
    disabled: z.boolean(),
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable().meta({
      description: "merchant: paused by the merchant; failing: every attempt failed for WEBHOOK_DISABLE_AFTER (5 days)",
    }),
    disabledAt: time.nullable(),
    failingSince: time.nullable().meta({ description: "Since when every attempt has failed; null after a success" }),
    createdAt: time,
  })
  .meta({ id: "WebhookEndpoint" });

export const endpointListResponse = z.object({ data: z.array(endpointResponse) }).meta({ id: "WebhookEndpointList" });
export const deletedEndpointResponse = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhookEndpoint" });
export const rotatedSecretResponse = z
  .object({
    id: z.string(),
    secret: z.string().meta({ description: "The new whsec_… secret; shown only here" }),
    previousSecretExpiresAt: time.meta({ description: "Until then the old secret signs too" }),
  })
  .meta({ id: "RotatedWebhookSecret" });
export const testEventResponse = z
  .object({ eventId: z.string(), deliveryId: z.string() })
  .meta({ id: "SentTestWebhook" });
export const resentDeliveryResponse = z
  .object({ id: z.string(), status: z.literal("pending") })
  .meta({ id: "ResentWebhookDelivery" });
export const resentFailedResponse = z
  .object({ resent: z.number().int().meta({ description: "How many failed deliveries were queued again" }) })
  .meta({ id: "ResentWebhookDeliveries" });

const attempt = z
  .object({
    attempt: z.number().int(),
    startedAt: time,
    statusCode: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Null when no answer came (refused, timed out, connection error)" }),
    durationMs: z.number().int(),
    responseBody: z.string().nullable().meta({ description: "The first 1 KB of the answer" }),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookAttempt" });

export const deliveryResponse = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    paymentId: z.string().nullable().meta({ description: "Null for test events" }),
    live: z.boolean(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    nextAttemptAt: time.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: time,
    deliveredAt: time.nullable(),
    attempts: z.array(attempt),
  })
  .meta({ id: "WebhookDelivery" });

export const deliveryListResponse = z
  .object({
    data: z.array(deliveryResponse),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for older deliveries; null on the last page" }),
  })
  .meta({ id: "WebhookDeliveryList" });
