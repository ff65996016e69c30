import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/*
 * Listing statistics (spec 2.5) kept incrementally by a trigger on payments (migration 0001), in the
 * same transaction that makes a payment succeed, so reading them never scans the payments table.
 * Only succeeded payments count, and succeeded is terminal, so the trigger only ever adds.
 */

/** Totals per merchant: the unfiltered statistics in one row. */
export const merchantStats = pgTable("merchant_stats", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id),
  totalTransactions: bigint("total_transactions", { mode: "number" }).notNull().default(0),
  totalCustomers: bigint("total_customers", { mode: "number" }).notNull().default(0),
});

/** Succeeded payments per UTC day (of creation), network, token and fiat currency. */
export const merchantRevenueDaily = pgTable(
  "merchant_revenue_daily",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    day: date("day", { mode: "string" }).notNull(),
    chainId: text("chain_id").notNull(),
    tokenCaip19: text("token_caip19").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    txCount: bigint("tx_count", { mode: "number" }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.chainId, t.tokenCaip19, t.fiatCurrency] })],
);

/** Every buyer account that ever paid a merchant: the unfiltered customer count stays O(1). */
export const merchantCustomers = pgTable(
  "merchant_customers",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    buyerAccount: text("buyer_account").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.buyerAccount] })],
);

/** Buyer accounts per day, network and token: distinct customers over a filtered date range. */
export const merchantCustomerDays = pgTable(
  "merchant_customer_days",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    day: date("day", { mode: "string" }).notNull(),
    chainId: text("chain_id").notNull(),
    tokenCaip19: text("token_caip19").notNull(),
    buyerAccount: text("buyer_account").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.chainId, t.tokenCaip19, t.buyerAccount] })],
);
