import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const merchants = pgTable("merchants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  iconUrl: text("icon_url"),
  /** ISO 4217 code merchant statistics are reported in. */
  currency: text("currency").notNull().default("USD"),
  /** Receiving addresses: payments go straight from the buyer to these (non-custodial). */
  evmAddress: text("evm_address"),
  solanaAddress: text("solana_address"),
  /** Payment window when a request gives no expiresAt; null means the service default. */
  defaultExpirySeconds: integer("default_expiry_seconds"),
  /** CAIP-19 tokens the merchant accepts; null accepts every configured token. */
  acceptedTokens: text("accepted_tokens").array(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
