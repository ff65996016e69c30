import { timestamp } from "drizzle-orm/pg-core";

/** Every time column is `timestamptz`: an instant, never a wall-clock time that depends on a server's zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, by the database's clock. */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
