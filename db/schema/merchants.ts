import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { partners } from "./partners";
import { createdAt, timestamptz } from "./columns";

export const merchants = pgTable(
  "merchants",
  {
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
    createdAt: createdAt(),
    /** The platform partner that created the merchant over the Platform API; null for the CLI's and sign-up's. */
    partnerId: text("partner_id").references(() => partners.id),
    /** Contact email a partner gave (Platform API `merchantEmail`). */
    email: text("email"),
    /**
     * Soft delete (Platform API DELETE): the merchant and its keys stop working and it is gone from
     * the Platform API, while its payments stay on record.
     */
    deletedAt: timestamptz("deleted_at"),
    /**
     * Set by an owner: every member must have a second factor (an authenticator app or a passkey);
     * one without is held to enrolling one before the dashboard lets them do anything else.
     */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  },
  // A partner's listing, newest first, keyset-paged.
  (t) => [index("merchants_partner_created_idx").on(t.partnerId, t.createdAt, t.id)],
);
