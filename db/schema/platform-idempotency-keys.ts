import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { partners } from "./partners";
import { createdAt } from "./columns";

/**
 * One row per (partner, operation, Idempotency-Key) on the Platform API: the request it answered and
 * the answer itself, replayed as is. (The merchant API's idempotency_keys rows belong to a merchant
 * and point at a payment; a partner's creates make merchants and settlement destinations, so they
 * keep the response instead.)
 */
export const platformIdempotencyKeys = pgTable(
  "platform_idempotency_keys",
  {
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    /** The operation, e.g. `merchants.create`: one key may serve different operations independently. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the canonical request (path ids and body): a reuse with another request is a conflict. */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.scope, t.key] }),
    // The prune job's scan.
    index("platform_idempotency_keys_created_idx").on(t.createdAt),
  ],
);
