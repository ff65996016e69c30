import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { webhookEndpoints } from "./webhook-endpoints";
import { webhookEvents } from "./webhook-events";
import { createdAt, timestamptz } from "./columns";

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint, made with the event (fan-out in the same trigger). A worker claims a due
 * row with FOR UPDATE SKIP LOCKED: it stamps `claim_token` and `lease_until`, counts the attempt and
 * moves the row to its next step of the schedule at once (`next_attempt_at` no sooner than the lease's
 * end), so no other instance takes it meanwhile, and a delivery whose result is never recorded (the
 * claimer died, or could not write) still goes through its schedule to `failed`. Only the claimer
 * (same token) may record the attempt's result.
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
    /** Attempts claimed since the schedule (re)started: the next wait is the schedule's `schedule_step`-th; a resend starts it again. */
    scheduleStep: integer("schedule_step").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").defaultNow(),
    claimToken: text("claim_token"),
    /** Until when the claimer's attempt is in flight (counted against the fair shares); null when recorded. */
    leaseUntil: timestamptz("lease_until"),
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
    // Attempts in flight, counted per merchant, host and endpoint at every claim.
    index("webhook_deliveries_claimed_idx")
      .on(t.leaseUntil)
      .where(sql`${t.claimToken} is not null`),
    // The delivery log, newest first, and "resend every failed one since".
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
  ],
);
