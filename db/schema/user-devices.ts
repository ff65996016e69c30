import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, timestamptz } from "./columns";

/**
 * The browsers a user has signed in from. A browser is known by a long-lived random cookie
 * (`dash_device`, lib/users/devices); only its SHA-256 is here. A sign-in from a browser not in this
 * list, by a user who has signed in before, emails the user (a new sign-in from a new device).
 */
export const userDevices = pgTable(
  "user_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    /** The browser's User-Agent at the first sign-in, shown in the email. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSignInAt: timestamptz("last_sign_in_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
