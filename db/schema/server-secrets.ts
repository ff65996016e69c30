import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Secrets every instance must share (e.g. the listing cursor's HMAC key), made once on first use. */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
