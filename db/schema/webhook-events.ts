import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt } from "./columns";

/**
 * The outbox: one row per payment event, written by a trigger on payments (migration 0017) in the
 * same transaction as the change it announces, so no change is without its event and no event
 * without its change. `snapshot` is the payment as that change left it; the payload is rendered
 * from it at delivery, so every retry sends the same body.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Null for a test event sent from the dashboard or the API. */
    paymentId: text("payment_id"),
    type: text("type").notNull(),
    /** The payment's `payment_state_version` this event announces. */
    stateVersion: integer("state_version").notNull(),
    /** False for test events (`live: false` in the payload). */
    live: boolean("live").notNull().default(true),
    snapshot: jsonb("snapshot").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_payment_idx")
      .on(t.paymentId, t.stateVersion)
      .where(sql`${t.paymentId} is not null`),
    // The retention job's scan (lib/webhooks/prune-webhook-events.ts).
    index("webhook_events_created_idx").on(t.createdAt),
    // The notifier's scan for exceptions to email (lib/notifications/plan-exception-notices.ts): rare rows.
    index("webhook_events_exception_idx")
      .on(t.createdAt)
      .where(
        sql`${t.type} in ('payment.paid_late','payment.underpaid','payment.overpaid','payment.duplicate','payment.reorged') and ${t.live}`,
      ),
  ],
);
