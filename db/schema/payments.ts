import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { merchants } from "./merchants";
import { paymentLinks } from "./payment-links";
import { apiKeys } from "./api-keys";
import { createdAt, timestamptz } from "./columns";

/*
 * Triggers on this table: what happens in PostgreSQL, in the same statement, when a writer (only
 * lib/payments/transition.ts changes status, exception or refund columns) touches a row. None is
 * visible from TypeScript; this is their list.
 *
 * | Trigger (function)                          | Migration        | When                                        | Writes |
 * |---------------------------------------------|------------------|---------------------------------------------|--------|
 * | payments_count_success                      | 0002, 0007, 0041 | after insert, after update of status        | on the step into succeeded: one merchant_stats_inbox row; fold_merchant_stats (0041) later adds it to merchant_revenue_daily, merchant_customer_days, merchant_customers, merchant_stats, merchant_customer_day_gaps (the listing's statistics) |
 * | payments_notify_status                      | 0004             | after update of status                      | pg_notify('payment_status', id): wakes long-polls |
 * | payments_record_status_event                | 0005             | after update of status                      | payment_events (the dashboard's timeline) |
 * | payments_raise_state_version                | 0017, 0023       | before update of status, exception, refunded_at | NEW.state_version (+1 per event, +2 for succeeded), NEW.processing_at on the step into processing |
 * | payments_write_webhook_events_insert/update | 0017, 0023       | after insert; after update of status, exception, refunded_at | webhook_events (snapshot by webhook_payment_snapshot, held to paymentSnapshotSchema by tests/integration/webhook-snapshot-schema.test.ts) and one webhook_deliveries row per endpoint that wants it, then pg_notify('webhook_deliveries'); nothing for a step back to pending (0023) |
 */
/**
 * Stored statuses use the merchant vocabulary (spec 3.1) plus `cancelled`; the gateway, the
 * `/v1/payments…` routes and the replacement listing say `requires_action` for `pending`; the seed's
 * routes and the deprecated listing, which have no `cancelled`, say `failed` for it. Mapped at the edge.
 */
export const PAYMENT_STATUSES = ["pending", "processing", "succeeded", "failed", "expired", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who cancelled a payment that was still waiting for the buyer. */
export const CANCEL_REASONS = ["cancelled_by_merchant", "cancelled_by_user"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const PAYMENT_EXCEPTIONS = ["paid_late", "underpaid", "overpaid", "duplicate", "reorged", "stuck"] as const;
export type PaymentException = (typeof PAYMENT_EXCEPTIONS)[number];

export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    referenceId: text("reference_id").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    /** Minor units of fiatCurrency (ISO 4217 exponent). */
    fiatAmount: bigint("fiat_amount", { mode: "bigint" }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    expiresAt: timestamptz("expires_at").notNull(),
    successUrl: text("success_url"),
    errorUrl: text("error_url"),
    /** True only when both URLs were valid HTTPS at creation (spec 4.1 rule 1). */
    redirectsEnabled: boolean("redirects_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    finalizedAt: timestamptz("finalized_at"),
    /**
     * Webhooks' `payment_state_version`: 0 at creation, raised by a trigger (migration 0017) for every
     * change an event announces, in the same statement, so it is never reused.
     */
    stateVersion: integer("state_version").notNull().default(0),
    /** Why a payment failed, in words for people (webhooks' `failure_reason`); never branch on it. */
    failureReason: text("failure_reason"),
    /** When the buyer committed (status became processing); set by the same trigger. */
    processingAt: timestamptz("processing_at"),
    // Filled by the gateway once a wallet picks an option.
    optionId: text("option_id"),
    buyerAccount: text("buyer_account"),
    chainId: text("chain_id"),
    tokenCaip19: text("token_caip19"),
    tokenAmount: numeric("token_amount", { precision: 78, scale: 0 }),
    quote: jsonb("quote"),
    txHash: text("tx_hash"),
    /** The wallet that paid (reported by the wallet or SDK), for listings. */
    walletName: text("wallet_name"),
    tokenSymbol: text("token_symbol"),
    tokenDecimals: integer("token_decimals"),
    /**
     * Money that reached the merchant outside the happy path: `paid_late` (a transfer verified after the
     * payment or its quote expired; the status stays), `underpaid` / `overpaid` (a transfer bound to this
     * payment for another amount; failed). Only the merchant's decision (resolved_*) makes it succeeded.
     */
    exception: text("exception", { enum: PAYMENT_EXCEPTIONS }),
    /** Token base units that actually arrived, when an exception is recorded. */
    receivedAmount: numeric("received_amount", { precision: 78, scale: 0 }),
    /** Who marked an exception as paid (dashboard user's email) and when. */
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamptz("resolved_at"),
    /** Set with status `cancelled` (its time is `finalized_at`), and kept if a late transfer is then accepted. */
    cancelReason: text("cancel_reason", { enum: CANCEL_REASONS }),
    /**
     * Refunds are bookkeeping (the service never holds funds): a succeeded payment stays succeeded and
     * is marked refunded, by an API key or a dashboard user (`refunded_by`), with the transaction of
     * the merchant's own refund when it was sent from the dashboard and verified on chain.
     */
    refundedAt: timestamptz("refunded_at"),
    refundedBy: text("refunded_by"),
    refundTxHash: text("refund_tx_hash"),
    /** The payment link a buyer paid through (its referenceId names the link too); null for API payments. */
    paymentLinkId: text("payment_link_id").references(() => paymentLinks.id),
    /** The API key that created the payment (null for payment links and payments made before it was kept): a point of sale's sales are its own. */
    createdByKeyId: text("created_by_key_id").references(() => apiKeys.id),
  },
  (t) => [
    check(
      "payments_status_check",
      sql`${t.status} in ('pending','processing','succeeded','failed','expired','cancelled')`,
    ),
    // A cancelled payment says who cancelled it; the reason stays should the merchant later accept a late transfer.
    check("payments_cancel_reason_check", sql`${t.status} <> 'cancelled' or ${t.cancelReason} is not null`),
    check("payments_refund_check", sql`${t.refundedAt} is null or ${t.status} = 'succeeded'`),
    check("payments_fiat_amount_positive", sql`${t.fiatAmount} > 0`),
    check(
      "payments_exception_check",
      sql`${t.exception} in ('paid_late','underpaid','overpaid','duplicate','reorged','stuck')`,
    ),
    // The dashboard's exceptions filter.
    index("payments_merchant_exception_idx")
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.exception} is not null`),
    // Keyset pages of the listing, by date and by amount.
    index("payments_merchant_created_idx").on(t.merchantId, t.createdAt, t.id),
    index("payments_merchant_amount_idx").on(t.merchantId, t.fiatAmount, t.id),
    // A payment link's payments, newest first, and its totals.
    index("payments_payment_link_idx")
      .on(t.paymentLinkId, t.createdAt, t.id)
      .where(sql`${t.paymentLinkId} is not null`),
    // A point of sale's sales of the day.
    index("payments_created_by_key_idx")
      .on(t.createdByKeyId, t.createdAt)
      .where(sql`${t.createdByKeyId} is not null`),
    // Dashboard search by the merchant's own order id.
    index("payments_merchant_reference_idx").on(t.merchantId, t.referenceId),
    // Listing statistics read raw rows only at the partial days at the edges of a date range.
    index("payments_merchant_succeeded_idx")
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.status} = 'succeeded'`),
    // The expiry sweep reads only open payments; a partial index keeps it small.
    index("payments_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // One on-chain transfer can settle at most one payment.
    uniqueIndex("payments_chain_tx_unique").on(t.chainId, t.txHash),
    // And one refund transaction refunds at most one payment.
    uniqueIndex("payments_refund_tx_unique").on(t.chainId, t.refundTxHash),
  ],
);
