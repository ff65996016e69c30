import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { webhookEndpoints } from "./webhook-endpoints";
import { webhookEvents } from "./webhook-events";
import { createdAt, timestamptz } from "./columns";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint, made with the event (fan-out in the same trigger). A worker claims a due
 * row with FOR UPDATE SKIP LOCKED by pushing `next_attempt_at` a lease ahead and stamping
 * `claim_token`: no other instance takes it meanwhile, and if the claimer dies the lease runs out and
 * the attempt is made again. Only the claimer (same token) may record the attempt's result.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id")
      .primaryKey()
      .default(sql`'whd_' || replace(gen_random_uuid()::text, '-', '')`),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    /** Attempts made in all (the log's numbering). */
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Position in the retry schedule; a resend starts the schedule again. */
    scheduleStep: integer("schedule_step").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    claimToken: text("claim_token"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    check("webhook_deliveries_status_check", sql`${t.status} in ('pending','succeeded','failed')`),
    check("webhook_deliveries_due_check", sql`(${t.status} = 'pending') = (${t.nextAttemptAt} is not null)`),
    // The worker's queue: only pending rows, by due time.
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The delivery log, newest first, and "resend every failed one since".
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
  ],
);
