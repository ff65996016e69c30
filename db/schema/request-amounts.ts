import { index, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * The exact amount an EIP-681 payment request asks for, reserved for one option: a phone wallet's
 * plain transfer carries no reference, so the ledger binds it by recipient, asset and this amount.
 * The key makes an amount unique per recipient and asset: two open requests can never ask for the
 * same one, also when payments are created at once. A reservation whose time ran out is taken over
 * in place by the next request that needs its amount.
 */
export const requestAmounts = pgTable(
  "request_amounts",
  {
    chainId: text("chain_id").notNull(),
    /** The merchant's address as the transfer names it (lowercase hex). */
    recipient: text("recipient").notNull(),
    /** CAIP-19 of the token or native coin. */
    asset: text("asset").notNull(),
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    paymentId: text("payment_id").notNull(),
    optionId: text("option_id").notNull(),
    /** Until when a transfer of this amount binds to this option: its quote's expiry and the late-money window. */
    reservedUntil: timestamptz("reserved_until").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.recipient, t.asset, t.amount] }),
    index("request_amounts_payment_idx").on(t.paymentId),
  ],
);
