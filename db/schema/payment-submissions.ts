import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { payments } from "./payments";
import { createdAt, timestamptz } from "./columns";

/**
 * How a submission reaches the chain: `relay` (EVM EIP-3009: the service's relayer sends the buyer's
 * authorization), `wallet_sent` (EVM: the buyer's wallet broadcast the transfer itself) or `cosigned`
 * (Solana: the buyer signed, the service's fee payer co-signed and broadcasts).
 */
export const SUBMISSION_KINDS = ["relay", "wallet_sent", "cosigned"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/**
 * The durable record of a confirmed payment's transfer, written and committed before anything is
 * sent (record, then send). It holds all a watcher of any instance needs to finish the payment
 * after a crash: the exact signed bytes to resend and their hash, known before sending. One per
 * payment; `open` until the payment is final. The watcher takes rows whose `next_check_at` is due,
 * so a stuck transfer only delays itself.
 */
export const paymentSubmissions = pgTable(
  "payment_submissions",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id),
    optionId: text("option_id").notNull(),
    chainId: text("chain_id").notNull(),
    kind: text("kind", { enum: SUBMISSION_KINDS }).notNull(),
    /** The transaction being watched (for a relay, its latest fee version). */
    txHash: text("tx_hash").notNull(),
    /** Earlier versions of a relay at the same nonce (fee bumps): any of them may still be mined. */
    replacedHashes: text("replaced_hashes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Exact signed bytes to (re)broadcast: EVM 0x-hex, Solana base64. Null when the wallet broadcast. */
    rawTx: text("raw_tx"),
    /** EVM relay: the relayer address and its nonce (allocated from relayer_nonces), fees and gas of rawTx. */
    relayer: text("relayer"),
    relayNonce: bigint("relay_nonce", { mode: "number" }),
    maxFeePerGas: numeric("max_fee_per_gas", { precision: 78, scale: 0 }),
    maxPriorityFeePerGas: numeric("max_priority_fee_per_gas", { precision: 78, scale: 0 }),
    gasLimit: numeric("gas_limit", { precision: 78, scale: 0 }),
    /** EVM wallet-sent: the payer's nonce of the transaction, to tell "dropped or replaced" from "waiting". */
    payerNonce: bigint("payer_nonce", { mode: "number" }),
    /** Solana: the block height after which the transaction's blockhash can no longer land. */
    lastValidBlockHeight: bigint("last_valid_block_height", { mode: "number" }),
    /**
     * A wallet-sent transfer confirmed after its payment or quote expired: watched and recorded on
     * the payment as `paid_late`, but it never changes the payment's status.
     */
    late: boolean("late").notNull().default(false),
    /** Base units the transfer carries when a wallet changed the option's amount (underpaid / overpaid). */
    receivedAmount: numeric("received_amount", { precision: 78, scale: 0 }),
    /** open: being settled; closed: the payment is final. */
    state: text("state", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    checks: integer("checks").notNull().default(0),
    nextCheckAt: timestamptz("next_check_at").notNull(),
    /**
     * Wallet-sent: when the payer's nonce was first seen used by another transaction. A replacement
     * ("speed up") binds to the payment in the ledger; the transfer fails as dropped only once the ledger
     * has scanned past this moment and found no transfer for the payment.
     */
    nonceUsedAt: timestamptz("nonce_used_at"),
    /** When the network was first seen not to know the transaction (reset when it knows it again). */
    unseenSince: timestamptz("unseen_since"),
    /** When the current version was last broadcast (a relay pending long after it is re-sent at a higher fee). */
    sentAt: timestamptz("sent_at"),
    outcome: text("outcome"),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("payment_submissions_state_check", sql`${t.state} in ('open','closed')`),
    // The watcher reads only open rows that are due: the cost of a pass never grows with the rows that are not.
    index("payment_submissions_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.state} = 'open'`),
    // The ledger's Solana scan asks which of the signatures it listed the watcher still follows.
    index("payment_submissions_open_tx_idx")
      .on(t.txHash)
      .where(sql`${t.state} = 'open'`),
    // A relayer nonce is held by one open submission at a time (closed ones may repeat after a devnet reset).
    uniqueIndex("payment_submissions_relay_nonce_unique")
      .on(t.chainId, t.relayer, t.relayNonce)
      .where(sql`${t.state} = 'open'`),
  ],
);

export type PaymentSubmission = typeof paymentSubmissions.$inferSelect;
