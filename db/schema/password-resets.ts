import { index, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, timestamptz } from "./columns";

/**
 * Single-use password reset links. The link carries a random token; only its SHA-256 is stored, so
 * a copy of this table resets nobody's password. A token is spent by setting `used_at`, once.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
