import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { payments } from "./payments";
import { timestamptz } from "./columns";

export const SERVICE_FEE_KINDS = ["network_fee", "rent"] as const;
export type ServiceFeeKind = (typeof SERVICE_FEE_KINDS)[number];

/**
 * Every fee the service's gas keys paid for a payment: an EIP-3009 relay's gas, a Solana
 * transaction's fee, the rent of a merchant token account the fee payer created. Valued in the
 * merchant's currency at the network's price when it was paid (null when no price was known), so
 * the operator sees what each merchant costs and `SPONSORED_FEES_PER_DAY` can cap it.
 */
export const serviceFees = pgTable(
  "service_fees",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    chainId: text("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    kind: text("kind", { enum: SERVICE_FEE_KINDS }).notNull(),
    /** Base units of the network's native coin (wei, lamports). */
    nativeAmount: numeric("native_amount", { precision: 78, scale: 0 }).notNull(),
    nativeSymbol: text("native_symbol").notNull(),
    nativeDecimals: integer("native_decimals").notNull(),
    /** The merchant's currency, and the fee in its minor units rounded up (null: no price for the native coin). */
    currency: text("currency").notNull(),
    fiatAmount: bigint("fiat_amount", { mode: "bigint" }),
    paidAt: timestamptz("paid_at").notNull().defaultNow(),
  },
  (t) => [
    check("service_fees_kind_check", sql`${t.kind} in ('network_fee','rent')`),
    // A transaction's fee is recorded once, however many instances observe it.
    uniqueIndex("service_fees_tx_unique").on(t.chainId, t.txHash, t.kind),
    // The daily budget and the monthly report read one merchant's fees by time.
    index("service_fees_merchant_paid_idx").on(t.merchantId, t.paidAt),
  ],
);
