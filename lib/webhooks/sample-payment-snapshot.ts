import { newId } from "@/lib/ids";
import type { WebhookEventType } from "./event-types";
import type { PaymentSnapshot } from "./payment-snapshot";

// The reference's sample: $10.00 paid as 10 USDC on Base.
const CHAIN = "eip155:8453";
const USDC = `${CHAIN}/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913`;
const BUYER = `${CHAIN}:0x1111111111111111111111111111111111111111`;

/**
 * A made-up payment as a real one of `type` would be left by its change, for test events: the stage
 * objects renderEvent derives from it match the event type's (payment.failed before the buyer
 * committed, payment.expired after, as the public service's fixtures have them). Transaction ids
 * are synthetic (`test:<payment id>`), as the public service's test mode writes them.
 */
export function samplePaymentSnapshot(merchantId: string, type: WebhookEventType, now = new Date()): PaymentSnapshot {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  const id = newId("pay");
  const base: PaymentSnapshot = {
    id,
    merchant_id: merchantId,
    reference_id: "test-order-1001",
    fiat_currency: "USD",
    fiat_amount: "1000",
    status: "pending",
    created_at: at(-10),
    expires_at: at(5),
    processing_at: null,
    finalized_at: null,
    failure_reason: null,
    buyer_account: null,
    chain_id: null,
    token_caip19: null,
    token_amount: null,
    tx_hash: null,
    exception: null,
    received_amount: null,
    cancel_reason: null,
    resolved_at: null,
    refunded_at: null,
    refund_tx_hash: null,
  };
  const committed = {
    ...base,
    status: "processing" as const,
    chain_id: CHAIN,
    token_caip19: USDC,
    token_amount: "10000000",
    buyer_account: BUYER,
    processing_at: at(-2),
  };
  const paid = { ...committed, status: "succeeded" as const, finalized_at: at(-1), tx_hash: `test:${id}` };
  const closed = { finalized_at: at(-1) };
  switch (type) {
    case "payment.created":
      return base;
    case "payment.processing":
      return committed;
    case "payment.succeeded":
    case "payment.settled":
      return paid;
    case "payment.refunded":
      return { ...paid, refunded_at: at(0), refund_tx_hash: `test:refund:${id}` };
    case "payment.failed":
      return { ...base, ...closed, status: "failed", failure_reason: "insufficient allowance" };
    case "payment.cancelled":
      return { ...base, ...closed, status: "cancelled", cancel_reason: "cancelled_by_merchant" };
    case "payment.expired":
      return { ...committed, status: "expired", expires_at: at(-1), finalized_at: at(-1) };
    case "payment.paid_late":
      // The status stays expired: only the merchant's decision makes late money a success.
      return {
        ...committed,
        status: "expired",
        expires_at: at(-1),
        finalized_at: at(-1),
        exception: "paid_late",
        received_amount: "10000000",
        tx_hash: `test:${id}`,
      };
    case "payment.underpaid":
    case "payment.overpaid":
      return {
        ...committed,
        ...closed,
        status: "failed",
        exception: type === "payment.underpaid" ? "underpaid" : "overpaid",
        received_amount: type === "payment.underpaid" ? "9000000" : "11000000",
        tx_hash: `test:${id}`,
      };
    case "payment.duplicate":
    case "payment.reorged":
      // The status stays succeeded: a second transfer is extra money, a reorged one may be mined again.
      return {
        ...committed,
        ...closed,
        status: "succeeded",
        exception: type === "payment.duplicate" ? "duplicate" : "reorged",
        tx_hash: `test:${id}`,
      };
    case "payment.stuck":
      return { ...committed, ...closed, status: "failed", exception: "stuck", tx_hash: `test:${id}` };
  }
}
