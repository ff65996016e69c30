import { bigint, date, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/*
 * Listing statistics (spec 2.5) kept incrementally, so reading them never scans the payments table:
 * the payments trigger queues each step into succeeded (merchant_stats_inbox, below) and
 * fold_merchant_stats adds the queue to these rows (migrations 0002, 0007, 0041). They only ever add.
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
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.chainId, t.tokenCaip19, t.buyerAccount] }),
    // One buyer's paying days in order: the trigger's previous/next day, and the range check of
    // buyers seen only in a range's partial edge days.
    index("merchant_customer_days_buyer_idx").on(t.merchantId, t.buyerAccount, t.day),
  ],
);

/**
 * Distinct customers over a range of whole days without one row per customer. For every day a
 * buyer paid, the buyer's previous paying day is noted, and here are the counts per (day,
 * previous day). A buyer paid within [d0, d1) exactly when one of its paying days in that range
 * follows a previous paying day before d0 (or none), so the range's distinct customers are a sum
 * over at most days x days rows, however many buyers there are.
 * Two grains: `account` (per buyer account: unfiltered, and the network filter, since a CAIP-10
 * account lives on one chain) and `token` (per buyer account and token: the asset filter).
 */
export const merchantCustomerDayGaps = pgTable(
  "merchant_customer_day_gaps",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    grain: text("grain", { enum: ["account", "token"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** The buyer's previous paying day at this grain; '-infinity' for its first. */
    prevDay: date("prev_day", { mode: "string" }).notNull(),
    chainId: text("chain_id").notNull(),
    /** '' at the account grain. */
    tokenCaip19: text("token_caip19").notNull(),
    buyers: bigint("buyers", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.grain, t.day, t.prevDay, t.chainId, t.tokenCaip19] })],
);

/**
 * Successes not yet added to the aggregates above. The payments trigger only appends here, so a
 * payment's step into succeeded never waits on the merchant's hot aggregate rows (one merchant
 * settling many payments at once would otherwise queue every settlement behind one row lock held
 * to each transaction's commit). fold_merchant_stats (migration 0041) moves a merchant's rows into
 * the aggregates: a job does it every second, and every reader of the aggregates first, so reads
 * still see every committed success. The row keeps what the aggregates need as of the step.
 */
export const merchantStatsInbox = pgTable(
  "merchant_stats_inbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: text("merchant_id").notNull(),
    paymentId: text("payment_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    chainId: text("chain_id").notNull(),
    tokenCaip19: text("token_caip19").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    fiatAmount: bigint("fiat_amount", { mode: "bigint" }).notNull(),
    buyerAccount: text("buyer_account"),
  },
  (t) => [index("merchant_stats_inbox_merchant_idx").on(t.merchantId, t.id)],
);
