import { index, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

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
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("api_keys_merchant_idx").on(t.merchantId)],
);
