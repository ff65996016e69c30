import { bigint, index, integer, jsonb, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { payments } from "./payments";
import { createdAt, timestamptz } from "./columns";

/**
 * A quote offered to a wallet: one per (buyer account, token) at options time. The token amount is
 * locked here until `expires_at`; confirm acts only on what is stored here, never on what a wallet
 * sends back about it.
 */
export const paymentOptions = pgTable(
  "payment_options",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    account: text("account").notNull(),
    /** The merchant's receiving address when offered: later address changes do not redirect this quote. */
    recipient: text("recipient").notNull(),
    chainId: text("chain_id").notNull(),
    tokenCaip19: text("token_caip19").notNull(),
    /** eip3009 | erc20_transfer | native_transfer | spl_transfer | sol_transfer */
    method: text("method").notNull(),
    tokenAmount: numeric("token_amount", { precision: 78, scale: 0 }).notNull(),
    /** 32 bytes binding signatures and transactions to this payment and option. */
    reference: text("reference").notNull(),
    validBefore: integer("valid_before").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    /**
     * Solana: the exact message built when the option was offered, whose unsigned transaction its
     * build action carries (a reused option hands out the same one), and its blockhash's last valid height.
     */
    offeredMessage: text("offered_message"),
    offeredLastValidBlockHeight: bigint("offered_last_valid_block_height", { mode: "number" }),
    /** Solana: the exact message built at the latest fetch. A signed transaction must match this one or the offered one. */
    builtMessage: text("built_message"),
    lastValidBlockHeight: bigint("last_valid_block_height", { mode: "number" }),
    /**
     * Solana: who funds the merchant's token account if a built transaction creates it (`service` |
     * `buyer`); the same for every build stored on the row (a build for another payer replaces the others).
     */
    rentPayer: text("rent_payer", { enum: ["service", "buyer"] }),
    /**
     * The price the amount was computed from: one whole token = price_num / price_den major units of the
     * payment's currency (1/1 for a stablecoin in its peg currency). Kept exactly, as the amount is.
     */
    priceNum: numeric("price_num", { precision: 78, scale: 0 }),
    priceDen: numeric("price_den", { precision: 78, scale: 0 }),
    /** The feed rounds the price came from (`[{pair, roundId, updatedAt}]`); null for a peg or static price. */
    priceRounds: jsonb("price_rounds").$type<{ pair: string; roundId: string; updatedAt: number }[]>(),
    /** When the oldest feed answer used was updated on chain: the age shown with the rate. Null without feeds. */
    pricedAt: timestamptz("priced_at"),
    /**
     * The network of the client that asked for this quote (IPv4 address, IPv6 /64): each client holds
     * at most MAX_OPTIONS_PER_CLIENT live quotes of a payment, so strangers cannot use up the buyer's.
     * Null for quotes made before it was recorded.
     */
    clientNetwork: text("client_network"),
    /**
     * Set when this quote is a payment request a phone wallet pays by scanning (GET .../payment-requests)
     * rather than an option a connected wallet asked for: `eip681` (bound by its unique amount, see
     * request_amounts) or `solana-pay-transfer` (bound by its reference key). No confirm ever names it.
     * `solana-pay-transaction`: the quote of a Solana Pay transaction request, made for the account a
     * wallet POSTed; its transaction (offered_message) went out co-signed by the fee payer, and the
     * wallet sends it itself (bound by its reference key, found by the ledger).
     */
    requestKind: text("request_kind", { enum: ["eip681", "solana-pay-transfer", "solana-pay-transaction"] }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payment_options_payment_idx").on(t.paymentId),
    // The ledger binds a transfer found on chain to its option by the reference it carries.
    index("payment_options_reference_idx").on(t.reference),
    // The ledger's watch set: the recipients of a network's recent quotes.
    index("payment_options_chain_created_idx").on(t.chainId, t.createdAt),
  ],
);
