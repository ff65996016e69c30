import type { PaymentStatus } from "@/db/schema";

/**
 * What attaching a transfer does to a payment: `paid` (the `attach` transition: succeeded; `over`
 * records an overpaid exception beside it), `short` (an underpaid exception: the `found_short`
 * transition fails a pending payment, a closed one keeps its status through `note`), `duplicate` (the
 * payment was already paid: a `note`), or `processing` (refused: a transfer for it is in flight).
 */
export type AttachDecision =
  | { kind: "processing" }
  | { kind: "duplicate" }
  | { kind: "paid"; over: boolean }
  | { kind: "short"; transition: "found_short" | "note" };

/**
 * The merchant's decision to attach `arrived` base units to a payment that asks `asked` of the same
 * asset. At least the price pays it: money in the merchant's address for this order, the merchant
 * said so; more is recorded as overpaid (the extra is the merchant's to refund) but still pays.
 * Less never pays on its own: it is an underpaid exception the merchant may then mark as paid.
 */
export function judgeAttach(status: PaymentStatus, arrived: bigint, asked: bigint): AttachDecision {
  if (status === "processing") return { kind: "processing" };
  if (status === "succeeded") return { kind: "duplicate" };
  if (arrived >= asked) return { kind: "paid", over: arrived > asked };
  return { kind: "short", transition: status === "pending" ? "found_short" : "note" };
}
