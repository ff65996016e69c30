import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { PAYMENT_STATUSES, payments } from "./payments";
import { timestamptz } from "./columns";

/**
 * Every status change of a payment and when: the dashboard's timeline (creation is the payment's
 * own created_at). Written by a trigger on payments (migration 0005), so no writer can forget it;
 * it fires on status changes only, so creating a payment costs nothing more.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId, t.at)],
);
