import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { payments } from "./payments";
import { createdAt } from "./columns";

/**
 * One row per (merchant, Idempotency-Key): the request it answered and the payment it made. Kept a
 * day (lib/payments/prune-idempotency-keys.ts), then deleted by the prune job.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    key: text("key").notNull(),
    /** SHA-256 of the canonical request body: a reuse with another body is a conflict. */
    requestHash: text("request_hash").notNull(),
    paymentId: text("payment_id").references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.key] }),
    // The prune job's scan.
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
