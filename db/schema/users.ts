import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/** A person who signs in to the dashboard; each belongs to one merchant. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** Lowercased and trimmed: one account per address whatever the case typed. */
    email: text("email").notNull().unique(),
    /** `scrypt$N$r$p$salt$hash` (base64url), see lib/auth/password-hash.ts. */
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [index("users_merchant_idx").on(t.merchantId)],
);
