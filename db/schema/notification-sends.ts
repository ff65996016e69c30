import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/** `skipped`: a member who had this kind turned off when it was planned (kept, so the event is planned once). */
export const NOTIFICATION_SEND_STATUSES = ["pending", "sent", "failed", "skipped"] as const;

/**
 * Every notification email, written down before it is sent (lib/notifications). `key` names what it
 * is about and for whom (`exception:<event id>:<user id>`, `gas_low:<network>:<address>:<day>`), unique:
 * however many instances plan it, however often, it exists once and is sent at most once per claim.
 * A claim moves `next_attempt_at` past the send's lease, so another instance only takes it again if the
 * sender died before recording the outcome.
 */
export const notificationSends = pgTable(
  "notification_sends",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull().unique(),
    kind: text("kind").notNull(),
    /** Null for the operator's notices (gas keys). */
    merchantId: text("merchant_id"),
    userId: text("user_id"),
    /** The outbox event a payment exception notice is about: an event with any row here has been planned. */
    eventId: text("event_id"),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: NOTIFICATION_SEND_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_sends_event_idx")
      .on(t.eventId)
      .where(sql`${t.eventId} is not null`),
    index("notification_sends_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
