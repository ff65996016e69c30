import { index, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { users } from "./users";
import { createdAt, timestamptz } from "./columns";

/**
 * Invitations to join a merchant's team with a role. The emailed link carries a random token; only its
 * SHA-256 is stored, so a copy of this table lets nobody in. An invitation is spent once (`accepted_at`),
 * or revoked, or dies at `expires_at`.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Lowercased and trimmed, as users.email. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("team_invitations_merchant_idx").on(t.merchantId, t.createdAt)],
);
