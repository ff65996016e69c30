import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
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
    /**
     * What the key may do (lib/auth/scopes.ts). Keys made before scopes existed got every scope of
     * that time through the column's default, so they keep working as they did.
     */
    scopes: text("scopes")
      .array()
      .notNull()
      .default(sql`'{payments:write,payments:read,refunds:write,webhooks:manage,links:manage}'::text[]`),
    /** `pos`: a point-of-sale device's key, set up from a link on the dashboard; `standard` otherwise. */
    kind: text("kind", { enum: ["standard", "pos"] })
      .notNull()
      .default("standard"),
  },
  (t) => [
    index("api_keys_merchant_idx").on(t.merchantId),
    check("api_keys_kind_check", sql`${t.kind} in ('standard','pos')`),
  ],
);
