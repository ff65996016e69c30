import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, timestamptz } from "./columns";

/** One-time recovery codes of a user with two-factor sign-in; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * A sign-in whose password was right, waiting for its second factor: the browser holds a random
 * token (only its hash is here) for a few minutes and a few tries, then must start again.
 */
export const signInChallenges = pgTable("sign_in_challenges", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: timestamptz("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
});
