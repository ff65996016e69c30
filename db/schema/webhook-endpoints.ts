import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

export type PreviousSecret = { secret: string; expiresAt: string };

export const WEBHOOK_DISABLED_REASONS = ["merchant", "failing"] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/**
 * Where a merchant wants payment events sent. The secret signs every delivery (Standard Webhooks); it
 * is stored as is because signing needs it. After a rotation the replaced secret keeps signing too
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
    /** Event types sent here; null sends every type, including types added later. */
    events: text("events").array(),
    secret: text("secret").notNull(),
    /** Replaced secrets that still sign, oldest first, each until its `expiresAt` (ISO 8601). */
    previousSecrets: jsonb("previous_secrets").$type<PreviousSecret[]>().notNull().default([]),
    /** Set since the first failed attempt after the last success; five days of failures disable the endpoint. */
    failingSince: timestamptz("failing_since"),
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
