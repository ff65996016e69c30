import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { createdAt, timestamptz } from "./columns";

/**
 * seen: mined, not yet `confirmations` deep; counted: deep enough to count for its payment; final:
 * past the network's finality (finalized tag or finalityDepth), never looked at again; reorged: a
 * counted or seen transfer whose transaction is no longer in the canonical chain (it may be mined
 * again); dropped: reorged and not mined again within DROPPED_TX_TIMEOUT_S.
 */
export const TRANSFER_STATES = ["seen", "counted", "final", "reorged", "dropped"] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/**
 * bound: its transaction carries an option's reference; unmatched: it binds to no payment; attached:
 * the merchant tied an unmatched transfer to a payment; dismissed: the merchant set it aside.
 */
export const TRANSFER_MATCHES = ["bound", "unmatched", "attached", "dismissed"] as const;
export type TransferMatch = (typeof TRANSFER_MATCHES)[number];

/**
 * The ledger: every transfer the service observed on chain to a merchant's receiving address (or
 * settlement destination) in an asset it accepts there, recorded once, whoever sent it and whether or
 * not a wallet ever confirmed it. A payment's money facts follow from its transfers here.
 */
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    /** `trf_…` */
    id: text("id").primaryKey(),
    chainId: text("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    /**
     * The transfer's place in its transaction, the same wherever the transaction is mined: the index of
     * its log among the transaction's logs (ERC-20), -1 for the transaction's own value (native coin),
     * the instruction's index (Solana).
     */
    position: integer("position").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    blockHash: text("block_hash"),
    blockTime: timestamptz("block_time"),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    /** CAIP-19 of the token or coin. */
    asset: text("asset").notNull(),
    /** Base units. */
    amount: numeric("amount", { precision: 78, scale: 0 }).notNull(),
    /** Whose receiving address it reached. */
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    paymentId: text("payment_id"),
    optionId: text("option_id"),
    state: text("state", { enum: TRANSFER_STATES }).notNull(),
    match: text("match", { enum: TRANSFER_MATCHES }).notNull(),
    /** Who attached or dismissed an unmatched transfer (a dashboard user's email or `api`), and when. */
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamptz("resolved_at"),
    /** Since when its transaction is missing from the canonical chain (reorged). */
    reorgedAt: timestamptz("reorged_at"),
    checks: integer("checks").notNull().default(0),
    /** When the finality watch looks at it again; null once final or dropped. */
    nextCheckAt: timestamptz("next_check_at"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("chain_transfers_state_check", sql`${t.state} in ('seen','counted','final','reorged','dropped')`),
    check("chain_transfers_match_check", sql`${t.match} in ('bound','unmatched','attached','dismissed')`),
    check("chain_transfers_payment_check", sql`(${t.paymentId} is not null) = (${t.match} in ('bound','attached'))`),
    // One row per transfer, however many scanners (instances, rescans after a crash or a reorg) find it.
    uniqueIndex("chain_transfers_unique").on(t.chainId, t.txHash, t.position),
    index("chain_transfers_payment_idx")
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // The finality watch reads only transfers it still watches.
    index("chain_transfers_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    // "Needs attention" and GET /v1/transfers?status=unmatched.
    index("chain_transfers_merchant_idx").on(t.merchantId, t.match, t.createdAt),
  ],
);

export type ChainTransfer = typeof chainTransfers.$inferSelect;
