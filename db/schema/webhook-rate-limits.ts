import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { timestamptz } from "./columns";

/**
 * Per merchant, how many test events and resends it asked for in the current one-minute window, shared
 * by every instance (lib/webhooks/consume-webhook-allowance.ts). One row per merchant and action.
 */
export const webhookRateLimits = pgTable(
  "webhook_rate_limits",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** `test` or `resend`. */
    action: text("action").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.action] })],
);
