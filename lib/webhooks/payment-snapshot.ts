import { z } from "zod";
import { PAYMENT_EXCEPTIONS } from "@/db/schema/payments";

const time = z.string().nullable();
const text = z.string().nullable();

/**
 * The payment as a change left it, as the outbox trigger writes it (`webhook_payment_snapshot`,
 * migration 0017): snake_case, amounts as decimal strings, times as PostgreSQL's ISO text.
 */
export const paymentSnapshotSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  reference_id: z.string(),
  fiat_currency: z.string(),
  fiat_amount: z.string(),
  status: z.enum(["pending", "processing", "succeeded", "failed", "expired", "cancelled"]),
  created_at: z.string(),
  expires_at: z.string(),
  processing_at: time,
  finalized_at: time,
  failure_reason: text,
  buyer_account: text,
  chain_id: text,
  token_caip19: text,
  token_amount: text,
  tx_hash: text,
  exception: z.enum(PAYMENT_EXCEPTIONS).nullable(),
  received_amount: text,
  cancel_reason: z.enum(["cancelled_by_merchant", "cancelled_by_user"]).nullable(),
  resolved_at: time,
  refunded_at: time,
  refund_tx_hash: text,
});

export type PaymentSnapshot = z.infer<typeof paymentSnapshotSchema>;
