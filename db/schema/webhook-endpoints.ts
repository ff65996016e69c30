import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

/** `secret` sealed like the current one (lib/webhooks/seal-webhook-secret.ts). */
export type PreviousSecret = { secret: string; expiresAt: string };

export const WEBHOOK_DISABLED_REASONS = ["merchant", "failing"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * Where a merchant wants payment events sent. The secret signs every delivery (Standard Webhooks); it
 * is stored sealed with SECRETS_KEY (AES-256-GCM, bound to the row) and opened only to sign, so a copy
 * of the database or a backup signs nothing. After a rotation the replaced secret keeps signing too
 * (one more signature per header) for 24 hours, so a receiver can switch at leisure; rotating again
 * within them keeps every replaced secret until its own 24 hours end.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    url: text("url").notNull(),
    /** Where deliveries go (host:port, lower case): no one destination may take more than its share of the workers. */
    host: text("host").generatedAlwaysAs(sql`lower(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]*)'))`),
    /** Event types sent here; null sends every type, including types added later. */
    events: text("events").array(),
    secret: text("secret").notNull(),
    /** Replaced secrets that still sign, oldest first, each until its `expiresAt` (ISO 8601). */
    previousSecrets: jsonb("previous_secrets").$type<PreviousSecret[]>().notNull().default([]),
    /** Set since the first failed attempt after the last success; WEBHOOK_DISABLE_AFTER (5 days) of failures disable the endpoint. */
    failingSince: timestamptz("failing_since"),
    /** Attempts in a row that got no answer in time; each halves the next attempt's timeout (down to a floor). */
    timeoutsInARow: integer("timeouts_in_a_row").notNull().default(0),
    disabledAt: timestamptz("disabled_at"),
    disabledReason: text("disabled_reason", { enum: WEBHOOK_DISABLED_REASONS }),
    createdAt: createdAt(),
    /** Deleting takes effect at once: nothing more is delivered, the delivery log stays for the record. */
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    check("webhook_endpoints_disabled_check", sql`(${t.disabledAt} is null) = (${t.disabledReason} is null)`),
    index("webhook_endpoints_merchant_idx")
      .on(t.merchantId)
      .where(sql`${t.deletedAt} is null`),
  ],
);
