import { z } from "zod";

/**
 * Every event type a merchant can receive. The first seven are the public service's; the exceptions of
 * the money path (money that arrived late, short, over or twice, a transfer reorged out, one that never landed) and refunds are ours, announced the same way.
 */
export const WEBHOOK_EVENT_TYPES = [
  "payment.created",
  "payment.processing",
  "payment.succeeded",
  "payment.failed",
  "payment.expired",
  "payment.cancelled",
  "payment.settled",
  "payment.refunded",
  "payment.paid_late",
  "payment.underpaid",
  "payment.overpaid",
  "payment.duplicate",
  "payment.reorged",
  "payment.stuck",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

/** The payload contract's version (`api_version` of every event). */
export const WEBHOOK_API_VERSION = "2026-05-18";
