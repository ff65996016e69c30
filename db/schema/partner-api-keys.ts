import { index, pgTable, text } from "drizzle-orm/pg-core";
import { partners } from "./partners";
import { createdAt, timestamptz } from "./columns";

/** A partner's API keys: kept apart from merchant keys, so neither kind can ever open the other's routes. */
export const partnerApiKeys = pgTable(
  "partner_api_keys",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    /** SHA-256 of the secret, hex. The secret itself is shown once and never stored. */
    keyHash: text("key_hash").notNull().unique(),
    /** First characters of the secret, safe to display so an operator can tell keys apart. */
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("partner_api_keys_partner_idx").on(t.partnerId)],
);
