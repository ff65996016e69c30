import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Platform partners: operators that create and manage merchants over the Platform API
 * (`/v1/merchants…`). Made by the operator CLI (`partner create`); a partner sees only the
 * merchants it created.
 */
export const partners = pgTable("partners", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
