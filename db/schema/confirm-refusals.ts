import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * Confirms of one payment the service refused (a result that did not verify), counted in a window:
 * each costs chain reads, so past GATEWAY_REFUSED_CONFIRMS_PER_PAYMENT in the window a payment's
 * confirms wait for the next one, from every address (per-address limits alone let a crowd through).
 */
export const confirmRefusals = pgTable("confirm_refusals", {
  paymentId: text("payment_id").primaryKey(),
  windowStart: timestamptz("window_start").notNull().defaultNow(),
  count: integer("count").notNull().default(0),
});
