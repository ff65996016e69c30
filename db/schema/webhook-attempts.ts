import { bigserial, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { webhookDeliveries } from "./webhook-deliveries";
import { timestamptz } from "./columns";

/** Every attempt at a delivery, for the delivery log: when, the answer's status, how long, the start of its body. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** Null when no answer came (refused address, timeout, connection error): `error` says why. */
    statusCode: integer("status_code"),
    error: text("error"),
    /** The first 1 KB of the answer's body. */
    responseBody: text("response_body"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
