import { index, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, timestamptz } from "./columns";

/**
 * Dashboard sessions, server side. The cookie carries a random token; only its SHA-256 is stored,
 * so a copy of this table signs nobody in. Ending a session deletes its row. A session ends at
 * `expires_at` (absolute) or once idle for SESSION_IDLE_MINUTES (`last_seen_at`), whichever comes first.
 */
export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token, hex. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Synchronizer token every mutation must echo (x-csrf-token). */
    csrfToken: text("csrf_token").notNull(),
    createdAt: createdAt(),
    /** The absolute end (SESSION_TTL_SECONDS after sign-in), whatever the use. */
    expiresAt: timestamptz("expires_at").notNull(),
    /** The last request the session made, to the minute: unused for SESSION_IDLE_MINUTES, it has ended. */
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);
