import { toContractStatus } from "@/lib/payments/status";
import { WEBHOOK_API_VERSION } from "./event-types";
import { paymentSnapshotSchema, type PaymentSnapshot } from "./payment-snapshot";

export type StoredEvent = {
  id: string;
  type: string;
  stateVersion: number;
  live: boolean;
  createdAt: Date;
  snapshot: unknown;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const amount = (unit: string, value: string) => ({ unit, value });

const CANCEL_WORDS = { cancelled_by_merchant: "merchant cancelled", cancelled_by_user: "buyer cancelled" } as const;
const EXCEPTION_WORDS = {
  paid_late: "paid after the payment closed",
  underpaid: "received less than the amount due",
  overpaid: "received more than the amount due",
  duplicate: "received a second transfer for a payment already paid",
  reorged: "the transfer that paid it left the chain in a reorganisation",
  stuck: "the transfer never landed before the processing deadline",
} as const;

/**
 * The body of one event, in the public service's payload contract (api_version 2026-05-18): a full
 * snapshot of the payment with the stage objects its status implies, plus our additive `refunded` and
 * `exception` objects. The same stored event renders the same body on every retry.
 */
export function renderEvent(event: StoredEvent) {
  const p = paymentSnapshotSchema.parse(event.snapshot);
  return {
    id: event.id,
    type: event.type,
    api_version: WEBHOOK_API_VERSION,
    created_at: event.createdAt.toISOString(),
    data: {
      payment_id: p.id,
      merchant_id: p.merchant_id,
      live: event.live,
      payment_state_version: event.stateVersion,
      reference_id: p.reference_id,
      status: toContractStatus(p.status),
      amount: amount(`iso4217/${p.fiat_currency}`, p.fiat_amount),
      created_at: iso(p.created_at),
      expires_at: iso(p.expires_at),
      ...stages(p, event.type),
    },
  };
}

function stages(p: PaymentSnapshot, type: string) {
  const finalizedAt = iso(p.finalized_at) ?? iso(p.expires_at);
  const paid = p.token_caip19 && p.token_amount ? amount(`caip19/${p.token_caip19}`, p.token_amount) : null;
  const committed =
    paid && p.chain_id && p.status !== "cancelled" && (p.processing_at !== null || p.status === "succeeded");
  const succeeded = p.status === "succeeded";
  return {
    processing: committed
      ? {
          processing_at: iso(p.processing_at) ?? finalizedAt,
          option_amount: paid,
          fee: null,
          settlement_amount: paid,
          // payments.buyer_account is already CAIP-10 (the option's account); a bare address gets its chain.
          buyer_caip10: p.buyer_account
            ? p.buyer_account.startsWith(`${p.chain_id}:`)
              ? p.buyer_account
              : `${p.chain_id}:${p.buyer_account}`
            : null,
          chain_caip2: p.chain_id,
        }
      : null,
    success: succeeded ? { succeeded_at: finalizedAt, tx_id: p.tx_hash } : null,
    failed:
      p.status === "failed"
        ? {
            failed_at: finalizedAt,
            failure_reason: p.failure_reason ?? (p.exception ? EXCEPTION_WORDS[p.exception] : null),
          }
        : null,
    cancelled:
      p.status === "cancelled"
        ? { cancelled_at: finalizedAt, cancellation_reason: p.cancel_reason ? CANCEL_WORDS[p.cancel_reason] : null }
        : null,
    expired: p.status === "expired" ? { expired_at: finalizedAt } : null,
    // Funds go straight to the merchant: a success is its settlement, announced right after it.
    settled:
      succeeded && type !== "payment.succeeded" && paid
        ? {
            settled_at: finalizedAt,
            tx_id: p.tx_hash,
            amount: p.received_amount ? { ...paid, value: p.received_amount } : paid,
          }
        : null,
    refunded: p.refunded_at ? { refunded_at: iso(p.refunded_at), tx_id: p.refund_tx_hash } : null,
    exception: p.exception
      ? {
          kind: p.exception,
          description: EXCEPTION_WORDS[p.exception],
          received_amount: paid && p.received_amount ? { ...paid, value: p.received_amount } : null,
          tx_id: p.tx_hash,
        }
      : null,
  };
}
