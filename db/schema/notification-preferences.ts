import { boolean, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { timestamptz } from "./columns";

/**
 * A member's choice for one kind of merchant notification (lib/notifications/notification-kinds.ts).
 * No row: the default, on for owners and off for everyone else (lib/notifications/recipients.ts).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
