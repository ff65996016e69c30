import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    name: text("name"),
    /** SHA-256 of the secret, hex. The secret itself is shown once and never stored. */
    keyHash: text("key_hash").notNull().unique(),
    /** First characters of the secret, safe to display so a merchant can tell keys apart. */
    prefix: text("prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_merchant_idx").on(t.merchantId)],
);
