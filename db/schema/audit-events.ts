import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt } from "./columns";

/**
 * Who did what to a merchant's money, keys and account, for the owner to read and export
 * (lib/audit). Written beside the action, never changed or deleted by the service. The actor is kept
 * as the id and the email at the time, without a foreign key: a removed member's past actions stay.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Null when the service itself acted (none yet); the email is then "system". */
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    /** `payment.refunded`, `api_key.created`, … (lib/audit/audit-actions.ts). */
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: text("target_id"),
    /** What the action changed, never a secret (no key, no webhook secret, no password). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_merchant_idx").on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_merchant_action_idx").on(t.merchantId, t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
