import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Platform partners: operators that create and manage merchants over the Platform API
 * (`/v1/merchants…`). Made by the operator CLI (`partner create`); a partner sees only the
 * merchants it created.
 */
export const partners = pgTable("partners", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});
