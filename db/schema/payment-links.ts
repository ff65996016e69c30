import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

/**
 * A reusable link a merchant shares (`/l/plink_…`): each time a buyer pays through it, a payment is
 * created in the link's currency, for its fixed amount or for what the buyer entered within
 * minimum..maximum. Amounts never change after creation, so every payment of a link was made under
 * the terms the link shows now; a merchant who wants other terms makes another link.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    /** ISO 4217 code: the merchant's currency when the link was made. */
    currency: text("currency").notNull(),
    /** Minor units; set for a fixed price, null when the buyer enters the amount. */
    amount: bigint("amount", { mode: "bigint" }),
    /** Minor units the buyer may enter, inclusive; both set exactly when amount is null. */
    minimumAmount: bigint("minimum_amount", { mode: "bigint" }),
    maximumAmount: bigint("maximum_amount", { mode: "bigint" }),
    description: text("description").notNull(),
    /** Both HTTPS or both null: given to every payment the link makes (its checkout redirects). */
    successUrl: text("success_url"),
    errorUrl: text("error_url"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "payment_links_amount_check",
      sql`(${t.amount} is not null and ${t.amount} > 0 and ${t.minimumAmount} is null and ${t.maximumAmount} is null)
        or (${t.amount} is null and ${t.minimumAmount} > 0 and ${t.maximumAmount} >= ${t.minimumAmount})`,
    ),
    check("payment_links_redirects_check", sql`(${t.successUrl} is null) = (${t.errorUrl} is null)`),
    // The merchant's links, newest first, keyset-paged.
    index("payment_links_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
  ],
);
